import type { BackendManifest } from '@agentbridge/core/contracts';
import { createMemoryLogger } from '@agentbridge/core/contracts';
import type { Line } from './bridge-harness.js';
import { createInspectedBridge } from './inspected-bridge.js';
import {
  fsRequestLine,
  permissionRequestLine,
  replyLine,
  updateLine,
} from './interleaving-agent-lines.js';
import type { Step } from './step-arbitrary.js';

/**
 * Plays `steps` against a fresh bridge (after an optional handshake prelude), answering prompts the
 * client must answer before an exit, and records both wires and the coverage timeline.
 */
export function runInterleaving(
  steps: readonly Step[],
  launch: {
    permissionPromptTool?: 'stdio';
    includePartialMessages: boolean;
    model?: string;
    resumeSessionId?: string;
    limits?: { maxTurns?: number };
  },
  prelude: boolean,
  backend?: BackendManifest,
  /** The agent hangs in `session/prompt`: it never answers one (nor a cancel). */
  hangs = false,
  /** HK-xx: the client's `initialize.hooks` (answered like permissions: allow, block or stop). */
  hooks?: Line,
) {
  const toAgent: Line[] = [];
  /** Timers the bridge started and did not cancel, in start order (a `timer` step fires the latest). */
  const runningTimers: string[] = [];
  const toClient: Line[] = [];
  /** CF-xx: host operations waiting for their result (given one step later, alternately failing). */
  const hostOperations: string[] = [];
  /** For each client line, the number of results written before it (its turn). */
  const turnOfLine: number[] = [];
  /** For each `session/prompt` id, the number of results written before it was sent. */
  const turnOfPrompt = new Map<unknown, number>();
  let results = 0;
  const log = createMemoryLogger();
  let id = 0;
  const bridge = createInspectedBridge({
    launch: { cwd: '/proj', permissionMode: 'default', ...launch },
    ...(backend !== undefined ? { backend } : {}),
    emit: (event) => {
      if (event.type === 'agent-message') {
        const message = JSON.parse(JSON.stringify(event.message));
        if (message.method === 'session/prompt') turnOfPrompt.set(message.id, results);
        toAgent.push(message);
      } else if (event.type === 'client-message') {
        toClient.push(JSON.parse(JSON.stringify(event.message)));
        turnOfLine.push(results);
        if (event.message.type === 'result') results += 1;
      }
      if (event.type === 'host-operation') hostOperations.push(event.operationId);
      if (event.type !== 'start-timer' && event.type !== 'cancel-timer') return;
      const index = runningTimers.indexOf(event.timerId);
      if (index >= 0) runningTimers.splice(index, 1);
      if (event.type === 'start-timer') runningTimers.push(event.timerId);
    },
    log,
    newId: () => `u${++id}`,
    now: () => id,
  });
  const pendingBridgeRequests: Line[] = [];
  const agentRequestIds: (number | string)[] = [];
  const clientRequestIds: (number | string)[] = [];
  /** Timer firings that ended a turn: the cancel grace, the wait for an abandoned prompt. */
  const timerEndings = { 'cancel-grace': 0, abandoned: 0 };
  let agentSeen = 0;
  let nextAgentId = 1000;
  let nextClientId = 0;
  let exited = false;
  let clientEnded = false;
  /** Timeline of coverage events: user lines and results. */
  const timeline: ('user' | 'result' | 'lone-result')[] = [];
  let clientSeen = 0;

  const collect = (): void => {
    for (; agentSeen < toAgent.length; agentSeen++) {
      const line = toAgent[agentSeen] as Line;
      if (typeof line.method === 'string' && line.id !== undefined)
        pendingBridgeRequests.push(line);
    }
    for (; clientSeen < toClient.length; clientSeen++) {
      const line = toClient[clientSeen] as Line;
      if (line.type === 'result')
        timeline.push(line.stop_reason === 'handshake_failed' ? 'lone-result' : 'result');
    }
  };
  const pendingCanUseTool = (): string[] => {
    const asked = toClient
      .filter((line) => line.type === 'control_request')
      .map((line) => line.request_id as string);
    const withdrawn = new Set(
      toClient
        .filter((line) => line.type === 'control_cancel_request')
        .map((line) => line.request_id),
    );
    return asked.filter(
      (requestId) => !withdrawn.has(requestId) && !answeredPermissions.has(requestId),
    );
  };
  const answeredPermissions = new Set<string>();
  /** The prompt the agent works on (`p<id>`; it may have two when turns crossed), else `none`. */
  const promptTag = (pick: number): string => {
    const working = pendingBridgeRequests.filter((line) => line.method === 'session/prompt');
    const prompt = working[pick % Math.max(1, working.length)];
    return prompt === undefined ? 'none' : `p${prompt.id}`;
  };
  const client = (line: Line): void => {
    if (clientEnded) return;
    bridge.onClientLine(JSON.stringify(line));
    collect();
  };
  const control = (request: Line): void => {
    if (clientEnded) return;
    // FT-05: every other request id is a number, echoed as one.
    const requestId = nextClientId % 2 === 0 ? `c${nextClientId}` : nextClientId;
    nextClientId++;
    clientRequestIds.push(requestId);
    client({ type: 'control_request', request_id: requestId, request });
  };
  const answerPermission = (requestId: string, allow: boolean, interrupt: boolean): void => {
    answeredPermissions.add(requestId);
    const hook = toClient.some(
      (line) => line.request_id === requestId && line.request?.subtype === 'hook_callback',
    );
    const deny = hook
      ? { decision: 'block', reason: 'blocked', ...(interrupt ? { continue: false } : {}) }
      : { behavior: 'deny', interrupt };
    client({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: requestId,
        response: allow ? (hook ? {} : { behavior: 'allow' }) : deny,
      },
    });
  };
  const settleHost = (): void => {
    for (let next = hostOperations.shift(); next !== undefined; next = hostOperations.shift()) {
      const ok = next.length % 2 === 0;
      bridge.onHostResult(next, ok ? { ok, value: { content: 'x' } } : { ok, message: 'no' });
      collect();
    }
  };
  /** Before an exit: what the client and the host still have to answer (answers may ask more). */
  const drain = (): void => {
    while (pendingCanUseTool().length > 0 || hostOperations.length > 0) {
      for (const requestId of pendingCanUseTool()) answerPermission(requestId, true, false);
      settleHost();
    }
  };
  const initialize = { subtype: 'initialize', ...(hooks === undefined ? {} : { hooks }) };

  const answerAll = (): void => {
    for (
      let request = pendingBridgeRequests.shift();
      request !== undefined;
      request = pendingBridgeRequests.shift()
    ) {
      bridge.onAgentLine(replyLine(request, false, 'end_turn'));
      collect();
    }
  };
  if (prelude) {
    // Most runs start from an open session, so the steps explore turns rather than handshakes.
    control(initialize);
    answerAll();
  }
  for (const step of steps) {
    settleHost();
    switch (step.side) {
      case 'client':
        switch (step.kind) {
          case 'user':
            if (clientEnded) break;
            timeline.push('user');
            client({
              type: 'user',
              message: {
                role: 'user',
                content: step.text === '' ? [] : [{ type: 'text', text: step.text }],
              },
            });
            break;
          case 'initialize':
            control(initialize);
            break;
          case 'interrupt':
            control({ subtype: 'interrupt' });
            break;
          case 'set_model':
            control({ subtype: 'set_model', model: 'gemini-2.5-flash' });
            break;
          case 'set_mode':
            control({ subtype: 'set_permission_mode', mode: 'bypassPermissions' });
            break;
          case 'mcp_status':
            control({ subtype: 'mcp_status' });
            break;
          case 'unknown':
            control({ subtype: 'rewind_files' });
            break;
          case 'keep_alive':
            client({ type: 'keep_alive' });
            break;
          case 'end':
            bridge.onClientEnd();
            clientEnded = true;
            collect();
            break;
          case 'answer-permission': {
            const pending = pendingCanUseTool();
            const requestId = pending[step.pick % Math.max(1, pending.length)];
            if (requestId !== undefined) answerPermission(requestId, step.allow, step.interrupt);
            break;
          }
        }
        break;
      case 'garbage':
        if (step.toAgentSide) bridge.onAgentLine(step.text);
        else if (!clientEnded) bridge.onClientLine(step.text);
        collect();
        break;
      case 'agent': {
        if (exited) break;
        if (step.kind === 'answer') {
          const answerable = pendingBridgeRequests.filter(
            (line) => !hangs || line.method !== 'session/prompt',
          );
          const request = answerable[step.pick % Math.max(1, answerable.length)];
          if (request === undefined) break;
          pendingBridgeRequests.splice(pendingBridgeRequests.indexOf(request), 1);
          bridge.onAgentLine(replyLine(request, step.fail, step.stopReason));
        } else if (step.kind === 'update') {
          const tag = step.otherSession ? 'other' : promptTag(step.toolId);
          bridge.onAgentLine(updateLine(step.update, step.toolId, tag, step.otherSession));
        } else if (step.kind === 'permission') {
          const requestId = nextAgentId % 3 === 0 ? `p${nextAgentId}` : nextAgentId;
          nextAgentId++;
          agentRequestIds.push(requestId);
          const tag = promptTag(step.toolId);
          bridge.onAgentLine(permissionRequestLine(requestId, step.toolId, step.withAlways, tag));
        } else {
          const requestId = nextAgentId++;
          agentRequestIds.push(requestId);
          bridge.onAgentLine(fsRequestLine(requestId));
        }
        collect();
        break;
      }
      case 'exit':
        if (exited) break;
        // Settle what the client still has to answer, so the agent's requests can be checked.
        drain();
        exited = true;
        bridge.onAgentExit({ code: 1, signal: null });
        collect();
        break;
      case 'fault':
        if (exited) break;
        bridge.onAgentFault({ kind: step.kind, message: `agent fault: ${step.kind}` });
        collect();
        break;
      case 'timer': {
        const timerId = runningTimers.pop() ?? 'handshake';
        const before = results;
        bridge.onTimer(timerId);
        if (results > before && (timerId === 'cancel-grace' || timerId === 'abandoned'))
          timerEndings[timerId] += 1;
        collect();
        break;
      }
    }
  }
  if (!exited) {
    drain();
    exited = true;
    bridge.onAgentExit({ code: 0, signal: null });
    collect();
  }
  return {
    toAgent,
    toClient,
    turnOfLine,
    turnOfPrompt,
    timerEndings,
    log,
    agentRequestIds,
    clientRequestIds,
    timeline,
  };
}
