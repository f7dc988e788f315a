import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { McpServerConfig } from '@agentbridge/core/contracts';
import { errorMessage, UsageError } from '@agentbridge/core/contracts';
import { secretArgumentValues } from '@agentbridge/host-node';

/** `--mcp-config` servers by name. */
export type McpServers = Readonly<Record<string, McpServerConfig>>;

/**
 * The `--mcp-config` values (JSON text, or a JSON file relative to `cwd`) as servers by name, later
 * names winning. Throws `UsageError` (as `claude`) naming the value and the key, never a secret.
 */
export async function parseMcpConfigs(values: readonly string[], cwd: string): Promise<McpServers> {
  const servers: Record<string, McpServerConfig> = {};
  if (values.length === 0) return servers;
  const { mcpConfigFileSchema } = await import('@agentbridge/core');
  for (const value of values) {
    const trimmed = value.trim();
    const isJson = trimmed.startsWith('{');
    const source = isJson ? 'the --mcp-config JSON' : resolve(cwd, trimmed);
    const fail = (detail: string): never => {
      throw new UsageError(`Error: Invalid MCP configuration${detail}`);
    };
    let text = trimmed;
    try {
      if (!isJson) text = readFileSync(source, 'utf8');
    } catch (error) {
      fail(
        `: cannot read ${source} (${errorMessage(error)}). Pass a JSON string or the path of a JSON file.`,
      );
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      fail(`: ${source} is not valid JSON (${errorMessage(error)}).`);
    }
    const parsed = mcpConfigFileSchema.safeParse(document);
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => `  - ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
      );
      fail(
        ` in ${source}:\n${issues.join('\n')}\nExpected {"mcpServers": {"<name>": {"command": "...", "args": [...]} | {"type": "http" | "sse", "url": "..."}}}.`,
      );
    } else Object.assign(servers, parsed.data.mcpServers);
  }
  return servers;
}

/**
 * The secrets of the servers (FT-08): header values (also the token of `Bearer <token>`), URL
 * query values and password (http, sse), env values and secret-looking arguments (stdio).
 */
export function mcpSecretValues(servers: McpServers): string[] {
  return Object.values(servers).flatMap((server) => {
    if (server.type !== 'http' && server.type !== 'sse')
      return [...Object.values(server.env ?? {}), ...secretArgumentValues(server.args ?? [])];
    const url = URL.canParse(server.url) ? new URL(server.url) : undefined;
    const fromUrl = url ? [...url.searchParams.values(), decodeURIComponent(url.password)] : [];
    const headers = Object.values(server.headers ?? {});
    return [...headers, ...headers.flatMap((value) => value.split(/\s+/)), ...fromUrl];
  });
}
