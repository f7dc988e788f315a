import type { HostOperations } from '../host-operations.js';
import type { McpRelayCommand } from './mcp-relay-command.js';

/**
 * MCP-01: `mcp/open-endpoint` for one session: the first call starts the local endpoint (the
 * official MCP SDK, loaded only then, so a run without in-process servers pays nothing), later
 * calls serve more names on it. `relay` gives the stdio relay for agents without HTTP MCP; `close`
 * stops the endpoint when the session ends.
 */
export function createMcpEndpoint(options: {
  readonly relay?: () => McpRelayCommand;
}): Pick<HostOperations, 'mcp/open-endpoint' | 'close'> {
  let started: Promise<import('./serve-mcp-endpoint.js').McpEndpointServer> | undefined;
  return {
    'mcp/open-endpoint': async (request, inbox) => {
      started ??= import('./serve-mcp-endpoint.js').then((module) =>
        module.serveMcpEndpoint(inbox),
      );
      const endpoint = await started;
      return endpoint.open(request, options.relay);
    },
    close: async () => {
      await (await started?.catch(() => undefined))?.close();
    },
  };
}
