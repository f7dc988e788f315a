import type { BackendManifest, BridgeEvent, HostResult } from '@agentbridge/core/contracts';
import { createMemoryLogger } from '@agentbridge/core/contracts';
import type { AcpLaunch } from '../acp-launch.js';
import { createInspectedBridge } from './inspected-bridge.js';
import { parseShell } from './parse-shell.js';

/** The events other than messages: timers, stop-agent, session and sign-in news. */
export type HostAction = Exclude<BridgeEvent, { type: 'client-message' | 'agent-message' }>;

/** A JSON object as written on either wire. */
// biome-ignore lint/suspicious/noExplicitAny: wire lines are read deeply in assertions; the shapes are what the tests check.
export type Line = Record<string, any>;

/**
 * What the scripted agent does with one request: return a result, `{ error }` for a JSON-RPC
 * error, or `'hold'` to leave it pending (answer later with `respond`).
 */
export type AgentAnswer = { readonly result: unknown } | { readonly error: Line } | 'hold';

/** Per-method answers; `undefined` falls back to the default script. */
export type AgentScript = Record<string, ((params: Line) => AgentAnswer) | AgentAnswer>;

/** The seed fixture's agent (§3.1): gemini-cli 0.9.0, `sess-1`, three modes, two models. */
export function seedInitializeResult(capabilities: Line = {}): Line {
  return {
    protocolVersion: 1,
    agentCapabilities: {
      loadSession: true,
      promptCapabilities: { image: false },
      mcpCapabilities: { http: true },
      ...capabilities,
    },
    authMethods: [],
    agentInfo: { name: 'gemini-cli', version: '0.9.0' },
  };
}

/** The seed fixture's `session/new` result. */
export function seedSessionResult(sessionId = 'sess-1'): Line {
  return {
    sessionId,
    modes: {
      currentModeId: 'default',
      availableModes: [
        { id: 'default', name: 'Default' },
        { id: 'auto-edit', name: 'Auto edit' },
        { id: 'yolo', name: 'YOLO' },
      ],
    },
    models: {
      currentModelId: 'gemini-2.5-pro',
      availableModels: [
        { modelId: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro' },
        { modelId: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash', description: 'fast' },
      ],
    },
  };
}

const defaultScript: AgentScript = {
  initialize: { result: seedInitializeResult() },
  'session/new': { result: seedSessionResult() },
  'session/load': { result: null },
  'session/set_mode': { result: {} },
  'session/set_model': { result: {} },
  'session/set_config_option': { result: {} },
  authenticate: { result: {} },
  'session/prompt': 'hold',
};

/** Options of {@link createHarness}. */
export type HarnessOptions = {
  readonly launch?: Partial<AcpLaunch>;
  readonly backend?: BackendManifest;
  readonly script?: AgentScript;
};

/**
 * A bridge wired to a synchronous scripted agent. Calls are serialised as a host would do: agent
 * answers are queued and fed back after the current call returns. Every line on both wires is kept.
 */
export function createHarness(options: HarnessOptions = {}) {
  const script: AgentScript = { ...defaultScript, ...options.script };
  const toAgentLines: Line[] = [];
  const clientLines: Line[] = [];
  const actions: HostAction[] = [];
  const inbox: Line[] = [];
  /** `shell/parse` operations, answered with the real grammar as the host would (RU-01). */
  const parses: { operationId: string; command: string }[] = [];
  const log = createMemoryLogger();
  let now = 1_000;
  let uuid = 0;
  const bridge = createInspectedBridge({
    launch: { cwd: '/proj', ...options.launch },
    ...(options.backend !== undefined ? { backend: options.backend } : {}),
    emit: (event) => {
      // Each message goes through JSON as on the wire: nothing may depend on object identity.
      if (event.type === 'agent-message') {
        const message = JSON.parse(JSON.stringify(event.message)) as Line;
        toAgentLines.push(message);
        inbox.push(message);
      } else if (event.type === 'client-message') {
        clientLines.push(JSON.parse(JSON.stringify(event.message)) as Line);
      } else if (event.type === 'host-operation' && event.operation.kind === 'shell/parse') {
        parses.push({ operationId: event.operationId, command: event.operation.params.command });
      } else {
        actions.push(event);
      }
    },
    log,
    now: () => now,
    newId: () => `uuid-${++uuid}`,
  });
  let pumping = false;
  const pump = (): void => {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        const parse = parses.shift();
        if (parse !== undefined) {
          bridge.onHostResult(parse.operationId, { ok: true, value: parseShell(parse.command) });
          continue;
        }
        const message = inbox.shift();
        if (message === undefined) break;
        if (typeof message.method !== 'string' || message.id === undefined) continue;
        const entry = script[message.method];
        const answer = typeof entry === 'function' ? entry(message.params ?? {}) : entry;
        if (answer === undefined || answer === 'hold') continue;
        const reply =
          'error' in answer
            ? { jsonrpc: '2.0', id: message.id, error: answer.error }
            : { jsonrpc: '2.0', id: message.id, result: answer.result };
        bridge.onAgentLine(JSON.stringify(reply));
      }
    } finally {
      pumping = false;
    }
  };
  const harness = {
    bridge,
    toAgentLines,
    clientLines,
    actions,
    log,
    /** Advances the injected clock. */
    advance(milliseconds: number) {
      now += milliseconds;
    },
    /** Sends a client line (object or raw text). */
    client(line: Line | string) {
      bridge.onClientLine(typeof line === 'string' ? line : JSON.stringify(line));
      pump();
    },
    /** Sends an agent line (object or raw text). */
    agent(line: Line | string) {
      bridge.onAgentLine(typeof line === 'string' ? line : JSON.stringify(line));
      pump();
    },
    /** A `session/update` notification for `sess-1` (or `sessionId`). */
    update(update: Line, sessionId = 'sess-1', meta?: Line) {
      harness.agent({
        jsonrpc: '2.0',
        method: 'session/update',
        params: { sessionId, update, ...(meta !== undefined ? { _meta: meta } : {}) },
      });
    },
    /** Answers a held request. */
    respond(id: number | string, result: unknown) {
      harness.agent({ jsonrpc: '2.0', id, result });
    },
    /** Answers a held request with an error. */
    respondError(id: number | string, error: Line) {
      harness.agent({ jsonrpc: '2.0', id, error });
    },
    /** The host's answer to a `host-operation` (by its id). */
    host(operationId: string, result: HostResult) {
      bridge.onHostResult(operationId, result);
      pump();
    },
    /** A message of the agent to a server of the session's MCP endpoint; its answers are kept. */
    mcp(server: string, message: Line): Line[] {
      const answers: Line[] = [];
      const respond = (answer: unknown) => answers.push(answer as Line);
      bridge.onMcpMessage({ server, message: { jsonrpc: '2.0', ...message }, respond });
      pump();
      return answers;
    },
    /** The last request the bridge sent with `method`. */
    lastRequest(method: string): Line {
      const found = [...toAgentLines].reverse().find((line) => line.method === method);
      if (found === undefined) throw new Error(`no ${method} request sent`);
      return found;
    },
    /** Every line the bridge sent with `method`. */
    sent(method: string): Line[] {
      return toAgentLines.filter((line) => line.method === method);
    },
    /** Client lines of one `type` (and `subtype`). */
    linesOf(type: string, subtype?: string): Line[] {
      return clientLines.filter(
        (line) => line.type === type && (subtype === undefined || line.subtype === subtype),
      );
    },
    /** Client lines appended since `mark` (an index into `clientLines`). */
    since(mark: number): Line[] {
      return clientLines.slice(mark);
    },
    /** `initialize` control request from the client, then the scripted handshake. */
    initialize(requestId = 'req_1') {
      harness.client({
        type: 'control_request',
        request_id: requestId,
        request: { subtype: 'initialize' },
      });
    },
    /** A `user` line with text (or content blocks). */
    user(content: string | Line[]) {
      harness.client({
        type: 'user',
        session_id: '',
        parent_tool_use_id: null,
        message: {
          role: 'user',
          content: typeof content === 'string' ? [{ type: 'text', text: content }] : content,
        },
      });
    },
    /** Answers the last held `session/prompt` with `stopReason` (and extra result fields). */
    endPrompt(stopReason = 'end_turn', extra: Line = {}) {
      harness.respond(harness.lastRequest('session/prompt').id, { stopReason, ...extra });
    },
  };
  return harness;
}

/** A bridge harness. */
export type Harness = ReturnType<typeof createHarness>;

/** The `type` (and `/subtype`, `:event.type`) of each line, for order assertions. */
export function shapeOf(line: Line): string {
  if (line.type === 'stream_event') return `stream_event:${line.event?.type}`;
  if (line.type === 'system' || line.type === 'result') return `${line.type}/${line.subtype}`;
  if (line.type === 'control_request') return `control_request/${line.request?.subtype}`;
  if (line.type === 'control_response') return `control_response/${line.response?.subtype}`;
  if (line.type === 'assistant') {
    return `assistant:${(line.message?.content ?? []).map((block: Line) => block.type).join('+')}`;
  }
  if (line.type === 'user') {
    const content = line.message?.content;
    const first = Array.isArray(content) ? content[0] : undefined;
    return `user:${first?.type ?? typeof content}${line.isReplay ? ':replay' : ''}`;
  }
  return String(line.type);
}
