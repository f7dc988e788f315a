import { readFileSync } from 'node:fs';
import type { AcpLaunch } from '@agentbridge/bridge-acp';
import { createAcpBridge } from '@agentbridge/bridge-acp';
import type { BackendManifest } from '@agentbridge/core';

/** One row of a real-agent recording (`tools/e2e/transcripts/*.jsonl`). */
type Row = { direction: 'client->agent' | 'agent->client'; message: Wire };
// biome-ignore lint/suspicious/noExplicitAny: recorded wire messages are read loosely.
type Wire = Record<string, any>;

/**
 * Replays a recording of a real agent through the bridge: the bridge plays the client. Its own
 * requests are matched to the recorded ones by method (the recorded answers go back under the
 * bridge's ids); a recorded request the bridge does not make by itself is caused the way a client
 * would cause it (a `user` line for `session/prompt`, `set_model`/`set_permission_mode` for the
 * switches, an `interrupt` for `session/cancel`, a `can_use_tool` answer for a permission
 * outcome); one it cannot cause is skipped with its answer, and listed. Returns every output of the
 * bridge in order (client lines, agent lines, other events) and the skipped methods.
 */
export function replayRecording(file: URL, backend: BackendManifest) {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
  const opening = rows.find((row) => /^session\/(new|load|resume)$/.test(row.message.method ?? ''));
  const resumed = opening?.message.method !== 'session/new';
  const launch: AcpLaunch = {
    cwd: opening?.message.params?.cwd ?? '/work/project',
    includePartialMessages: true,
    permissionPromptTool: 'stdio',
    ...(resumed && opening ? { resumeSessionId: opening.message.params.sessionId } : {}),
  };
  const outputs: Wire[] = [];
  const clientLines: Wire[] = [];
  const bridgeRequests: Wire[] = [];
  const timers = new Set<string>();
  const skipped: string[] = [];
  let counter = 0;
  const bridge = createAcpBridge({
    launch,
    backend,
    emit: (event) => {
      const copy = JSON.parse(JSON.stringify(event)) as Wire;
      outputs.push(copy);
      if (copy.type === 'agent-message' && 'method' in copy.message && 'id' in copy.message)
        bridgeRequests.push(copy.message);
      if (copy.type === 'client-message') clientLines.push(copy.message);
      if (copy.type === 'start-timer') timers.add(copy.timerId);
      if (copy.type === 'cancel-timer') timers.delete(copy.timerId);
    },
    newId: () => `id-${++counter}`,
    now: () => counter,
  });
  const client = (line: Wire) => bridge.onClientLine(JSON.stringify(line));
  const control = (request: Wire) =>
    client({ type: 'control_request', request_id: `c${++counter}`, request });
  // The agent's answer to any session-opening request opens the session the bridge asked for.
  const opens = /^session\/(new|load|resume|fork)$/;
  const takeRequest = (method: string) => {
    const index = bridgeRequests.findIndex(
      (request) => request.method === method || (opens.test(method) && opens.test(request.method)),
    );
    return index < 0 ? undefined : bridgeRequests.splice(index, 1)[0];
  };
  const causeRequest = (request: Wire): void => {
    const params = request.params ?? {};
    if (request.method === 'session/prompt') {
      const text = (params.prompt ?? []).map((block: Wire) => block.text ?? '').join('');
      client({ type: 'user', message: { role: 'user', content: [{ type: 'text', text }] } });
    } else if (request.method === 'session/set_model') {
      control({ subtype: 'set_model', model: params.modelId });
    } else if (request.method === 'session/set_mode') {
      // An agent mode id is its own synonym (C-04): it maps to itself.
      control({ subtype: 'set_permission_mode', mode: params.modeId });
    } else if (request.method === 'session/set_config_option') {
      control(
        /model/.test(params.configId)
          ? { subtype: 'set_model', model: params.value }
          : { subtype: 'set_permission_mode', mode: params.value },
      );
    }
  };
  const ids = new Map<unknown, unknown>();
  const permissionOptions = new Map<unknown, Wire[]>();
  let answeredAsks = 0;
  client({ type: 'control_request', request_id: 'init', request: { subtype: 'initialize' } });
  for (const { direction, message } of rows) {
    // The recorded client acting again means time passed: a quiet-period timer (S-06) has fired.
    if (direction === 'client->agent' && timers.delete('load-replay'))
      bridge.onTimer('load-replay');
    if (direction === 'client->agent' && 'method' in message) {
      if (message.method === 'session/cancel') {
        control({ subtype: 'interrupt' });
        continue;
      }
      let request = takeRequest(message.method);
      if (request === undefined) {
        causeRequest(message);
        request = takeRequest(message.method);
      }
      if (request === undefined) skipped.push(message.method);
      else ids.set(message.id, request.id);
    } else if (direction === 'client->agent') {
      // The recorded client answered a permission request: answer the bridge's can_use_tool.
      const asks = clientLines.filter((line) => line.request?.subtype === 'can_use_tool');
      const ask = asks[answeredAsks];
      const outcome = message.result?.outcome;
      if (ask === undefined || outcome?.outcome !== 'selected') continue;
      answeredAsks += 1;
      const kind = permissionOptions
        .get(message.id)
        ?.find((option) => option.optionId === outcome.optionId)?.kind;
      const response = String(kind).startsWith('allow')
        ? { behavior: 'allow', updatedInput: ask.request.input }
        : { behavior: 'deny', message: 'denied in the recording' };
      client({
        type: 'control_response',
        response: { subtype: 'success', request_id: ask.request_id, response },
      });
    } else if ('method' in message) {
      if ('id' in message) permissionOptions.set(message.id, message.params?.options ?? []);
      bridge.onAgentLine(JSON.stringify(message));
    } else if (ids.has(message.id)) {
      bridge.onAgentLine(JSON.stringify({ ...message, id: ids.get(message.id) }));
    }
  }
  return { outputs, clientLines, skipped };
}
