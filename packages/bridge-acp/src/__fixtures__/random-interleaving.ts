import type { BackendManifest } from '@agentbridge/core/contracts';
import { createMemoryLogger } from '@agentbridge/core/contracts';
import fc from 'fast-check';
import { createAcpBridge } from '../create-acp-bridge.js';
import type { Line } from './bridge-harness.js';
import { seedInitializeResult, seedSessionResult } from './bridge-harness.js';

/** One random input of an interleaving. */
export type Step =
  | {
      readonly side: 'client';
      readonly kind:
        | 'initialize'
        | 'interrupt'
        | 'set_model'
        | 'set_mode'
        | 'mcp_status'
        | 'unknown'
        | 'keep_alive'
        | 'end';
    }
  | { readonly side: 'client'; readonly kind: 'user'; readonly text: string }
  | {
      readonly side: 'client';
      readonly kind: 'answer-permission';
      readonly pick: number;
      readonly allow: boolean;
      readonly interrupt: boolean;
    }
  | { readonly side: 'garbage'; readonly toAgentSide: boolean; readonly text: string }
  | {
      readonly side: 'agent';
      readonly kind: 'answer';
      readonly pick: number;
      readonly fail: boolean;
      readonly stopReason: string;
    }
  | {
      readonly side: 'agent';
      readonly kind: 'update';
      readonly update: number;
      readonly otherSession: boolean;
      readonly toolId: number;
    }
  | {
      readonly side: 'agent';
      readonly kind: 'permission';
      readonly toolId: number;
      readonly withAlways: boolean;
    }
  | { readonly side: 'agent'; readonly kind: 'fs-request' }
  | { readonly side: 'fault'; readonly kind: 'line-too-long' | 'fatal-stderr' }
  | { readonly side: 'exit' }
  | { readonly side: 'timer' };

/** Random inputs, weighted towards agent answers and updates. */
export const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        'initialize',
        'interrupt',
        'set_model',
        'set_mode',
        'mcp_status',
        'unknown',
        'keep_alive',
      )
      .map((kind) => ({ side: 'client', kind }) as Step),
  },
  { weight: 1, arbitrary: fc.constant({ side: 'client', kind: 'end' } as Step) },
  { weight: 2, arbitrary: fc.constant({ side: 'client', kind: 'interrupt' } as Step) },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom('', 'hi', 'do it', 'go on')
      .map((text) => ({ side: 'client', kind: 'user', text }) as Step),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ pick: fc.nat(5), allow: fc.boolean(), interrupt: fc.boolean() })
      .map((answer) => ({ side: 'client', kind: 'answer-permission', ...answer }) as Step),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        toAgentSide: fc.boolean(),
        text: fc.oneof(
          fc.string(),
          fc.constant('{"id":1}'),
          fc.constant('{"type":"control_response"}'),
        ),
      })
      .map((garbage) => ({ side: 'garbage', ...garbage }) as Step),
  },
  {
    weight: 10,
    arbitrary: fc
      .record({
        pick: fc.nat(5),
        fail: fc.boolean(),
        stopReason: fc.constantFrom('end_turn', 'end_turn', 'cancelled', 'refusal', 'max_tokens'),
      })
      .map((answer) => ({ side: 'agent', kind: 'answer', ...answer }) as Step),
  },
  {
    weight: 8,
    arbitrary: fc
      .record({ update: fc.nat(9), otherSession: fc.boolean(), toolId: fc.nat(2) })
      .map((update) => ({ side: 'agent', kind: 'update', ...update }) as Step),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ toolId: fc.nat(2), withAlways: fc.boolean() })
      .map((permission) => ({ side: 'agent', kind: 'permission', ...permission }) as Step),
  },
  { weight: 1, arbitrary: fc.constant({ side: 'agent', kind: 'fs-request' } as Step) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('line-too-long' as const, 'fatal-stderr' as const)
      .map((kind) => ({ side: 'fault', kind }) as Step),
  },
  { weight: 1, arbitrary: fc.constant({ side: 'exit' } as Step) },
  // Timers (deadline, cancel grace, the wait for an abandoned prompt) fire often enough to matter.
  { weight: 3, arbitrary: fc.constant({ side: 'timer' } as Step) },
);

/**
 * An update whose content carries `[tag]`: the prompt the agent works on when it sends it
 * (`p<id>`), `none` when it works on none, `other` for another session.
 */
function updateFor(index: number, toolId: number, tag: string): Line {
  const toolCallId = `tool-${toolId}`;
  const updates: Line[] = [
    { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `hello [${tag}] ` } },
    {
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: `world [${tag}]` },
      messageId: `m${toolId}`,
    },
    { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: `hmm [${tag}]` } },
    {
      sessionUpdate: 'tool_call',
      toolCallId,
      title: 'rm x',
      kind: 'execute',
      rawInput: { command: `rm x [${tag}]` },
      status: 'pending',
    },
    { sessionUpdate: 'tool_call_update', toolCallId, status: 'in_progress' },
    {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: `ok [${tag}]` } }],
    },
    { sessionUpdate: 'tool_call_update', toolCallId, status: 'failed', rawOutput: { error: 'no' } },
    { sessionUpdate: 'usage_update', used: 10, size: 100, cost: { amount: 0.5, currency: 'USD' } },
    { sessionUpdate: 'current_mode_update', currentModeId: toolId === 0 ? 'yolo' : 'default' },
    {
      sessionUpdate: 'available_commands_update',
      availableCommands: [{ name: 'compact', description: '' }],
    },
  ];
  return updates[index % updates.length] ?? {};
}

function resultFor(method: string, stopReason: string): unknown {
  switch (method) {
    case 'initialize':
      return seedInitializeResult();
    case 'session/new':
      return seedSessionResult();
    case 'session/prompt':
      return { stopReason };
    default:
      return {};
  }
}

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
  },
  prelude: boolean,
  backend?: BackendManifest,
  /** The agent hangs in `session/prompt`: it never answers one (nor a cancel). */
  hangs = false,
) {
  const toAgent: Line[] = [];
  /** Timers the bridge started and did not cancel, in start order (a `timer` step fires the latest). */
  const runningTimers: string[] = [];
  const toClient: Line[] = [];
  /** For each client line, the number of results written before it (its turn). */
  const turnOfLine: number[] = [];
  /** For each `session/prompt` id, the number of results written before it was sent. */
  const turnOfPrompt = new Map<unknown, number>();
  let results = 0;
  const log = createMemoryLogger();
  let id = 0;
  const bridge = createAcpBridge({
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
    client({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: requestId,
        response: allow ? { behavior: 'allow' } : { behavior: 'deny', interrupt },
      },
    });
  };

  const answerAll = (): void => {
    for (
      let request = pendingBridgeRequests.shift();
      request !== undefined;
      request = pendingBridgeRequests.shift()
    ) {
      bridge.onAgentLine(
        JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          result: resultFor(request.method, 'end_turn'),
        }),
      );
      collect();
    }
  };
  if (prelude) {
    // Most runs start from an open session, so the steps explore turns rather than handshakes.
    control({ subtype: 'initialize' });
    answerAll();
  }
  for (const step of steps) {
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
            control({ subtype: 'initialize' });
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
          const reply = step.fail
            ? { jsonrpc: '2.0', id: request.id, error: { code: -32603, message: 'failed' } }
            : {
                jsonrpc: '2.0',
                id: request.id,
                result: resultFor(request.method, step.stopReason),
              };
          bridge.onAgentLine(JSON.stringify(reply));
        } else if (step.kind === 'update') {
          const tag = step.otherSession ? 'other' : promptTag(step.toolId);
          bridge.onAgentLine(
            JSON.stringify({
              jsonrpc: '2.0',
              method: 'session/update',
              params: {
                sessionId: step.otherSession ? 'other' : 'sess-1',
                update: updateFor(step.update, step.toolId, tag),
              },
            }),
          );
        } else if (step.kind === 'permission') {
          const requestId = nextAgentId % 3 === 0 ? `p${nextAgentId}` : nextAgentId;
          nextAgentId++;
          agentRequestIds.push(requestId);
          const options = [
            { optionId: 'once', name: 'Allow', kind: 'allow_once' },
            ...(step.withAlways
              ? [{ optionId: 'always', name: 'Always', kind: 'allow_always' }]
              : []),
            { optionId: 'no', name: 'Reject', kind: 'reject_once' },
          ];
          bridge.onAgentLine(
            JSON.stringify({
              jsonrpc: '2.0',
              id: requestId,
              method: 'session/request_permission',
              params: {
                sessionId: 'sess-1',
                toolCall: {
                  toolCallId: `tool-${step.toolId}`,
                  title: 'rm x',
                  kind: 'execute',
                  rawInput: { command: `rm x [${promptTag(step.toolId)}]` },
                },
                options,
              },
            }),
          );
        } else {
          const requestId = nextAgentId++;
          agentRequestIds.push(requestId);
          bridge.onAgentLine(
            JSON.stringify({
              jsonrpc: '2.0',
              id: requestId,
              method: 'fs/read_text_file',
              params: { path: '/x' },
            }),
          );
        }
        collect();
        break;
      }
      case 'exit':
        if (exited) break;
        // Settle what the client still has to answer, so the agent's requests can be checked.
        for (const requestId of pendingCanUseTool()) answerPermission(requestId, true, false);
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
    for (const requestId of pendingCanUseTool()) answerPermission(requestId, true, false);
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
