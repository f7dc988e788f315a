/**
 * An MCP server as a Claude Code client configures it (`--mcp-config '{"mcpServers":{...}}'`,
 * the SDK's `mcpServers` option). The bridge converts these to ACP's shapes (arrays of
 * `{name, value}` for `env` and `headers`, no `type` on stdio servers).
 */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig | McpSseServerConfig;

/** A server started as a child process speaking MCP over stdio. `type` may be omitted. */
export type McpStdioServerConfig = {
  readonly type?: 'stdio';
  readonly command: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
};

/** A streamable-HTTP server. `headers` often hold secrets: never log them. */
export type McpHttpServerConfig = {
  readonly type: 'http';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
};

/** A legacy SSE server. */
export type McpSseServerConfig = {
  readonly type: 'sse';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
};
