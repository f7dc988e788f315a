import { AgentError } from './agent-error.js';

/** A JSON-RPC error object as it appears on the wire. */
export type JsonRpcErrorObject = { code: number; message: string; data?: unknown };

/**
 * An error that crosses the JSON-RPC wire. Built from static factories with the standard codes,
 * turned into a wire error with {@link ProtocolError.toErrorObject}.
 */
export class ProtocolError extends AgentError {
  readonly rpcCode: number;
  readonly data: unknown;

  constructor(rpcCode: number, message: string, data?: unknown) {
    super('protocol', message);
    this.name = 'ProtocolError';
    this.rpcCode = rpcCode;
    this.data = data;
  }

  static parseError(data?: unknown): ProtocolError {
    return new ProtocolError(-32700, 'Parse error', data);
  }
  static invalidRequest(data?: unknown): ProtocolError {
    return new ProtocolError(-32600, 'Invalid request', data);
  }
  static methodNotFound(method: string): ProtocolError {
    return new ProtocolError(-32601, `Method not supported by this client: ${method}`, { method });
  }
  static invalidParams(data?: unknown): ProtocolError {
    return new ProtocolError(-32602, 'Invalid params', data);
  }
  static internalError(data?: unknown): ProtocolError {
    return new ProtocolError(-32603, 'Internal error', data);
  }
  static authRequired(data?: unknown): ProtocolError {
    return new ProtocolError(-32000, 'Authentication required', data);
  }

  /** The `error` member of a JSON-RPC response. */
  toErrorObject(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.rpcCode, message: this.message }
      : { code: this.rpcCode, message: this.message, data: this.data };
  }
}
