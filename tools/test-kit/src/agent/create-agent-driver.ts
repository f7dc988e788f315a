import type { FakeAcpAgent } from './fake-acp-agent.js';

/** A JSON-RPC message as the fake agent writes it, loosely typed for assertions. */
export type WireMessage = {
  readonly jsonrpc: '2.0';
  readonly id?: number | string | null;
  readonly method?: string;
  readonly params?: Record<string, unknown> & { readonly update?: Record<string, unknown> };
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
};

/** Plays the client side of a {@link FakeAcpAgent} with hand-written JSON-RPC lines. */
export type AgentDriver = {
  readonly agent: FakeAcpAgent;
  /** Sends a request with the next id (1, 2, ...) and returns that id. */
  request(method: string, params?: unknown): number;
  notify(method: string, params: unknown): void;
  /** Answers a request of the agent (`session/request_permission`, `fs/*`, ...). */
  respond(id: WireMessage['id'], result: unknown): void;
  respondError(
    id: WireMessage['id'],
    error: { code: number; message: string; data?: unknown },
  ): void;
  /** Drains the agent, then returns the JSON lines it wrote since the last take (raw lines throw). */
  take(): Promise<WireMessage[]>;
  /**
   * Sends `initialize` and waits for the answer: the SDK rejects requests that arrive before
   * `initialize` is answered.
   */
  initialize(params?: unknown): Promise<WireMessage[]>;
  /** `initialize`, then `session/new`; returns the new session id. */
  openSession(cwd?: string): Promise<string>;
};

/** Wraps `agent` in an {@link AgentDriver}, for tests that talk to the fake agent directly. */
export function createAgentDriver(agent: FakeAcpAgent): AgentDriver {
  let nextId = 1;
  const write = (message: unknown) => agent.writeLine(JSON.stringify(message));
  const driver: AgentDriver = {
    agent,
    request(method, params = {}) {
      const id = nextId;
      nextId += 1;
      write({ jsonrpc: '2.0', id, method, params });
      return id;
    },
    notify: (method, params) => write({ jsonrpc: '2.0', method, params }),
    respond: (id, result) => write({ jsonrpc: '2.0', id, result }),
    respondError: (id, error) => write({ jsonrpc: '2.0', id, error }),
    async take() {
      await agent.drain();
      return agent.takeLines().map((line) => JSON.parse(line) as WireMessage);
    },
    async initialize(params = { protocolVersion: 1, clientCapabilities: {} }) {
      driver.request('initialize', params);
      return driver.take();
    },
    async openSession(cwd = '/work') {
      await driver.initialize();
      const id = driver.request('session/new', { cwd, mcpServers: [] });
      const answer = (await driver.take()).find((message) => message.id === id);
      const sessionId = answer?.result?.sessionId;
      if (typeof sessionId !== 'string') {
        throw new Error(`session/new failed: ${JSON.stringify(answer?.error ?? answer)}`);
      }
      return sessionId;
    },
  };
  return driver;
}

/** The `sessionUpdate` kinds among `messages`, in order. */
export function updateKinds(messages: readonly WireMessage[]): unknown[] {
  return messages
    .filter((message) => message.method === 'session/update')
    .map((message) => message.params?.update?.sessionUpdate);
}
