import { compileQuirkPattern } from './compile-quirk-pattern.js';

/** A tool of a configured MCP server, read from an agent's tool-call fields (T-11). */
export type McpToolId = { readonly server: string; readonly tool: string };

/** Options of {@link parseMcpToolId}. */
export type ParseMcpToolIdOptions = {
  /**
   * Title mode: only the leading token counts and text may follow it (`"uap_x (unity-ops MCP
   * Server)"`). Off: the whole value must be the id (whitespace rejects).
   */
  readonly allowTrailingText: boolean;
  /**
   * Title mode: a regular expression (source text, `quirks.mcpTitleSuffixPattern`) matched against
   * the text after the leading token; capture group 1 names the server of a bare tool token.
   */
  readonly titleSuffixPattern?: string | undefined;
};

const toolSegment = /^[A-Za-z0-9_-]+$/;
const mcpSegment = /^[A-Za-z0-9_.-]+$/;

/** True when a text can be one segment of an `mcp__<server>__<tool>` wire name (T-10 rule 5). */
export function isMcpIdSegment(text: unknown): text is string {
  return typeof text === 'string' && text !== '' && !text.includes('__') && mcpSegment.test(text);
}

/**
 * Reads an MCP tool id of one of the configured servers (T-11, generalised to any server name).
 * Accepted forms: `mcp__<server>__<tool>`, `mcp.<server>.<tool>`, `<server>__<tool>` (the
 * spellings agents use in titles and function names), and in title mode a bare tool followed by
 * text matching `titleSuffixPattern` whose group 1 is the server. The tool must be non-empty and
 * `[A-Za-z0-9_-]` only; a server that is not configured never matches, so the result is always
 * attributable.
 */
export function parseMcpToolId(
  text: string,
  serverNames: readonly string[],
  options: ParseMcpToolIdOptions,
): McpToolId | undefined {
  if (typeof text !== 'string' || serverNames.length === 0) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const whitespace = /\s/.exec(trimmed);
  if (whitespace !== null && !options.allowTrailingText) return undefined;
  const token = whitespace === null ? trimmed : trimmed.slice(0, whitespace.index);
  const rest = whitespace === null ? '' : trimmed.slice(whitespace.index).trim();

  let best: McpToolId | undefined;
  for (const server of serverNames) {
    if (server === '') continue;
    for (const prefix of [`mcp__${server}__`, `mcp.${server}.`, `${server}__`]) {
      if (!token.startsWith(prefix)) continue;
      const tool = token.slice(prefix.length);
      // The longest matching server wins (`a` vs `a__b` style overlaps).
      if (toolSegment.test(tool) && (best === undefined || server.length > best.server.length)) {
        best = { server, tool };
      }
    }
  }
  if (best !== undefined) return best;

  const suffixPattern = options.allowTrailingText
    ? compileQuirkPattern(options.titleSuffixPattern)
    : undefined;
  if (rest !== '' && suffixPattern !== undefined && toolSegment.test(token)) {
    const attributed = suffixPattern.exec(rest)?.[1];
    if (attributed !== undefined && serverNames.includes(attributed)) {
      return { server: attributed, tool: token };
    }
  }
  return undefined;
}

/** The Claude wire name of an MCP tool: `mcp__<server>__<tool>`. */
export function mcpWireName(id: McpToolId): string {
  return `mcp__${id.server}__${id.tool}`;
}
