import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { McpRelayCommand } from '@agentbridge/host-node';

/** MCP-01: the stdio MCP relay shipped with the CLI (`bundle/mcp-relay.mjs`), run by this Node. */
export function mcpRelayCommand(): McpRelayCommand {
  const packageJson = createRequire(import.meta.url).resolve('agentbridge/package.json');
  return {
    command: process.execPath,
    args: [join(dirname(packageJson), 'bundle', 'mcp-relay.mjs')],
  };
}
