/** The variable the stdio relay reads its bearer token from (never on its command line). */
export const mcpRelayTokenVariable = 'AGENTBRIDGE_MCP_TOKEN';

/** How the host starts its stdio MCP relay: `<command> <args...> <endpoint url>`. */
export type McpRelayCommand = { readonly command: string; readonly args: readonly string[] };
