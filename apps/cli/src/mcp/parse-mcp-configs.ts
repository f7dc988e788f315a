import { resolve } from 'node:path';
import type { McpServerConfig } from '@agentbridge/core/contracts';
import { UsageError } from '@agentbridge/core/contracts';

/** What {@link parseMcpConfigs} needs from the outside world. */
export type ParseMcpConfigsOptions = {
  /** Directory relative file paths are resolved against. */
  readonly cwd: string;
  /** Reads a UTF-8 file (throws when missing). */
  readonly readFile: (path: string) => string;
};

/**
 * Turns the `--mcp-config` values (each JSON text or a path to a JSON file) into servers by name.
 * Later values override earlier ones with the same name. Throws `UsageError` (exit 1, as `claude`)
 * naming the value and the key that is wrong. Never puts header or env values in a message.
 * Core's schemas (and zod) are loaded only when there is a value to check.
 */
export async function parseMcpConfigs(
  values: readonly string[],
  options: ParseMcpConfigsOptions,
): Promise<Record<string, McpServerConfig>> {
  const servers: Record<string, McpServerConfig> = {};
  if (values.length === 0) return servers;
  const { mcpConfigFileSchema } = await import('@agentbridge/core');
  for (const value of values) {
    const trimmed = value.trim();
    const isJson = trimmed.startsWith('{');
    const source = isJson ? 'the --mcp-config JSON' : resolve(options.cwd, trimmed);
    let text = trimmed;
    if (!isJson) {
      try {
        text = options.readFile(source);
      } catch (error) {
        throw new UsageError(
          `Error: Invalid MCP configuration: cannot read ${source} (${describe(error)}). Pass a JSON string or the path of a JSON file.`,
        );
      }
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new UsageError(
        `Error: Invalid MCP configuration: ${source} is not valid JSON (${describe(error)}).`,
      );
    }
    const parsed = mcpConfigFileSchema.safeParse(document);
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => `  - ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
      );
      throw new UsageError(
        `Error: Invalid MCP configuration in ${source}:\n${issues.join('\n')}\nExpected {"mcpServers": {"<name>": {"command": "...", "args": [...]} | {"type": "http" | "sse", "url": "..."}}}.`,
      );
    }
    Object.assign(servers, parsed.data.mcpServers);
  }
  return servers;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
