import { compileQuirkPattern } from './compile-quirk-pattern.js';

/** A tool of a configured MCP server, read from an agent's tool-call fields (T-11). */
export type McpToolId = { readonly server: string; readonly tool: string };

const toolSegment = /^[A-Za-z0-9_-]+$/;

/** True when a text can be one segment of an `mcp__<server>__<tool>` wire name (T-10). */
export function isMcpIdSegment(text: unknown): text is string {
  return typeof text === 'string' && !text.includes('__') && /^[A-Za-z0-9_.-]+$/.test(text);
}

/**
 * Reads an MCP tool id of a configured server (T-11): `mcp__<server>__<tool>`, `mcp.<server>.<tool>`
 * or `<server>__<tool>`, the longest server name winning; the tool is `[A-Za-z0-9_-]+`. Title mode
 * (`allowTrailingText`) reads the leading token, or a bare tool followed by text whose
 * `titleSuffixPattern` (`quirks.mcpTitleSuffixPattern`) group 1 names the server; otherwise any
 * whitespace rejects. An unconfigured server never matches.
 */
export function parseMcpToolId(
  text: string,
  serverNames: readonly string[],
  options: {
    readonly allowTrailingText: boolean;
    readonly titleSuffixPattern?: string | undefined;
  },
): McpToolId | undefined {
  const trimmed = text.trim();
  const space = trimmed.search(/\s/);
  if (trimmed === '' || (space >= 0 && !options.allowTrailingText)) return undefined;
  const token = space < 0 ? trimmed : trimmed.slice(0, space);
  let best: McpToolId | undefined;
  for (const server of serverNames) {
    if (server === '' || (best !== undefined && server.length <= best.server.length)) continue;
    const prefix = [`mcp__${server}__`, `mcp.${server}.`, `${server}__`].find(
      (candidate) => token.startsWith(candidate) && toolSegment.test(token.slice(candidate.length)),
    );
    if (prefix !== undefined) best = { server, tool: token.slice(prefix.length) };
  }
  if (best !== undefined || space < 0 || !toolSegment.test(token)) return best;
  const rest = trimmed.slice(space).trim();
  const server = compileQuirkPattern(options.titleSuffixPattern)?.exec(rest)?.[1];
  return server !== undefined && serverNames.includes(server) ? { server, tool: token } : undefined;
}
