/** A JSON-RPC id as it appears on the wire (A-03 echoes it verbatim). */
export type JsonRpcId = number | string;

/** The `error` member of a JSON-RPC response, as received (fields unchecked beyond their types). */
export type JsonRpcError = {
  readonly code?: number;
  readonly message?: string;
  readonly data?: unknown;
};

/** A request from the agent (method + non-null id). */
export type JsonRpcRequest = {
  readonly kind: 'request';
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: unknown;
};

/** A notification from the agent (method, no or null id). */
export type JsonRpcNotification = {
  readonly kind: 'notification';
  readonly method: string;
  readonly params: unknown;
};

/** A response from the agent (no method, non-null id). Exactly one of `result` / `error` is meaningful. */
export type JsonRpcResponse = {
  readonly kind: 'response';
  readonly id: JsonRpcId;
  readonly result: unknown;
  readonly error: JsonRpcError | undefined;
};

/** One classified inbound JSON-RPC message. */
export type JsonRpcInbound = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** ACP `protocolVersion` spoken by the bridge. */
export const acpProtocolVersion = 1;

/** JSON-RPC "method not found" (A-09, F-01). */
export const methodNotFoundCode = -32601;

/** ACP "authentication required" (A-09, AU-02). */
export const authRequiredCode = -32000;
