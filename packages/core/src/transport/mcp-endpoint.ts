import type { McpServer } from '@agentclientprotocol/sdk';

/** A JSON-RPC 2.0 message of MCP: a request, a notification or a response. */
export type McpJsonRpcMessage = {
  readonly jsonrpc: '2.0';
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly result?: Readonly<Record<string, unknown>>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
};

/**
 * `mcp/open-endpoint`: the bridge's in-process servers (the client's SDK servers, its own) to
 * serve on the session's local MCP endpoint; `http` when the agent takes streamable-HTTP servers.
 */
export type McpEndpointRequest = { readonly names: readonly string[]; readonly http: boolean };

/** The endpoint is open: one ACP server entry per requested name, in order, for `session/new`. */
export type McpEndpointOpened = { readonly servers: readonly McpServer[] };

/**
 * One message the agent sent to a server of the session's local MCP endpoint, handed to the
 * bridge (`AcpBridge.onMcpMessage`); a request is answered through `respond` exactly once.
 */
export type McpEndpointMessage = {
  readonly server: string;
  readonly message: McpJsonRpcMessage;
  readonly respond: (answer: McpJsonRpcMessage) => void;
};

/** `json-schema/validate`: a value checked against a JSON Schema; no `errors` means valid. */
export type JsonSchemaCheck = {
  readonly params: { readonly schema: Readonly<Record<string, unknown>>; readonly value: unknown };
  readonly result: { readonly errors: readonly string[] };
};
