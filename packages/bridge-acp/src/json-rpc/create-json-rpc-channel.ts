import type { JsonRpcError, JsonRpcId } from './json-rpc-message.js';

/** What the bridge does when the agent answers one of its requests. */
export type ResponseHandler = (outcome: RpcOutcome) => void;

/** The agent's answer to a bridge request: a result or an error. */
export type RpcOutcome =
  | { readonly ok: true; readonly result: unknown }
  | { readonly ok: false; readonly error: JsonRpcError };

/** The outbound half of JSON-RPC plus the bookkeeping of pending bridge requests. */
export interface JsonRpcChannel {
  /** Sends a request with the next integer id and remembers `onResponse`. Returns the id. */
  request(method: string, params: object, onResponse: ResponseHandler): number;
  /** Sends a notification. */
  notify(method: string, params: object): void;
  /** Answers an agent request with a result. */
  respond(id: JsonRpcId, result: unknown): void;
  /** Answers an agent request with an error. */
  respondError(id: JsonRpcId, code: number, message: string, data?: unknown): void;
  /**
   * Routes a response to its handler (A-07: only numeric ids match). Returns false when nothing
   * was waiting for it (F-02).
   */
  settle(id: JsonRpcId, outcome: RpcOutcome): boolean;
  /** Forgets every pending handler (agent exit, X-01). */
  dropPending(): void;
  /**
   * Settles every pending handler with an error carrying `message` (the agent exited or the
   * handshake failed): whatever waited for an answer (a client's `set_model`) is answered.
   */
  failPending(message: string): void;
  /** Number of requests still awaiting an answer. */
  pendingCount(): number;
}

/**
 * Creates the JSON-RPC channel. Ids start at 1 and are never reused within one channel.
 * `send` receives complete lines without a trailing newline.
 */
export function createJsonRpcChannel(send: (line: string) => void): JsonRpcChannel {
  let nextId = 1;
  const pending = new Map<number, ResponseHandler>();
  return {
    request(method, params, onResponse) {
      const id = nextId++;
      pending.set(id, onResponse);
      send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      return id;
    },
    notify(method, params) {
      send(JSON.stringify({ jsonrpc: '2.0', method, params }));
    },
    respond(id, result) {
      send(JSON.stringify({ jsonrpc: '2.0', id, result: result ?? null }));
    },
    respondError(id, code, message, data) {
      const error = data === undefined ? { code, message } : { code, message, data };
      send(JSON.stringify({ jsonrpc: '2.0', id, error }));
    },
    settle(id, outcome) {
      if (typeof id !== 'number') return false;
      const handler = pending.get(id);
      if (handler === undefined) return false;
      pending.delete(id);
      handler(outcome);
      return true;
    },
    dropPending() {
      pending.clear();
    },
    failPending(message) {
      const handlers = [...pending.values()];
      pending.clear();
      for (const handler of handlers) handler({ ok: false, error: { message } });
    },
    pendingCount() {
      return pending.size;
    },
  };
}
