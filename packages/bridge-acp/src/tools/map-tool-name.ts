import type { BackendQuirks, McpArgumentsEnvelope } from '@agentbridge/core/contracts';
import { compileQuirkPattern } from './compile-quirk-pattern.js';
import { isMcpIdSegment, mcpWireName, parseMcpToolId } from './parse-mcp-tool-id.js';

/** The fields of a tool-call frame (or permission request) that decide its Claude name. */
export type ToolNameFrame = {
  readonly kind?: string;
  readonly title?: string;
  readonly rawInput?: unknown;
  /** The kind read from `_meta` through `quirks.toolKindMetaKey` (T-12), used when `kind` is absent. */
  readonly metaKind?: string;
  /** ACP `ToolCall.name`: the agent's programmatic tool name, when it sends one. */
  readonly name?: string;
  /** ACP `toolCallId`: read through `quirks.toolCallIdPattern` when the agent encodes its tool name in it. */
  readonly toolCallId?: string;
};

/** What {@link mapToolName} needs besides the frame. */
export type ToolNameContext = {
  /** The configured MCP server names (`--mcp-config` keys). */
  readonly mcpServerNames: readonly string[];
  readonly quirks?: BackendQuirks;
};

/** The ACP tool kinds with a fixed Claude name (T-10 rule 6), and the kinds T-12 accepts. */
export const toolNameByAcpKind: Readonly<Record<string, string>> = {
  read: 'Read',
  edit: 'Edit',
  delete: 'Delete',
  move: 'Move',
  search: 'Search',
  execute: 'Bash',
  fetch: 'WebFetch',
  think: 'Think',
};

/** The name used when nothing better is known. */
export const fallbackToolName = 'Tool';

/**
 * The Claude tool name for an ACP tool call (T-10). The name is a policy input (permission rules,
 * auto-approval), so it only comes from fields that are tool ids, first rule that applies:
 *
 * 1. a shell call (`rawInput.command` or `.script` is a string) is never an MCP call;
 * 2. MCP id from the title's leading token (not for `execute`, whose titles are command lines),
 *    attributed by the rest of the title when `quirks.mcpTitleSuffixPattern` names the server;
 * 3. MCP id from the whole value of ACP `name`, `rawInput.tool_name`, `.tool`, `.toolName`
 *    (only when `rawInput.server` is absent or configured; `name` inside rawInput is never read);
 * 4. → `mcp__<server>__<tool>`;
 * 5. the shape `{server, tool}` of any server → `mcp__<server>__<tool>`;
 * 6. the backend's `toolNameByAgentTool` (ACP `name`, the title's leading token, or the tool name
 *    `quirks.toolCallIdPattern` reads from the `toolCallId`), then its `toolNameByKind`, then the
 *    generic kind table (`execute` → `Bash`, ...);
 * 7. otherwise the agent's title ({@link agentTitleAsToolName}), else `Tool`.
 *
 * `metaKind` stands in for a missing `kind` only when it is an ACP kind (T-12).
 */
export function mapToolName(frame: ToolNameFrame, context: ToolNameContext): string {
  // Frames come from agent JSON: tolerate fields of the wrong type instead of throwing.
  const title = typeof frame.title === 'string' ? frame.title : undefined;
  const name = typeof frame.name === 'string' ? frame.name : undefined;
  const kind = effectiveKind(frame);
  const input = asRecord(frame.rawInput);
  const isShell =
    input !== undefined && (typeof input.command === 'string' || typeof input.script === 'string');
  const servers = context.mcpServerNames;

  if (!isShell && servers.length > 0) {
    if (kind !== 'execute' && title !== undefined) {
      const fromTitle = parseMcpToolId(title, servers, {
        allowTrailingText: true,
        titleSuffixPattern: context.quirks?.mcpTitleSuffixPattern,
      });
      if (fromTitle !== undefined) return mcpWireName(fromTitle);
    }
    const fromFields = mcpIdFromFields(name, input, servers);
    if (fromFields !== undefined) return fromFields;
  }
  if (!isShell && input !== undefined && isMcpIdSegment(input.server)) {
    if (isMcpIdSegment(input.tool)) return `mcp__${input.server}__${input.tool}`;
  }

  const byAgentTool = context.quirks?.toolNameByAgentTool;
  if (byAgentTool !== undefined) {
    const agentTool =
      ownValue(byAgentTool, name) ??
      (title !== undefined ? ownValue(byAgentTool, leadingToken(title)) : undefined) ??
      ownValue(byAgentTool, agentToolFromId(frame.toolCallId, context.quirks?.toolCallIdPattern));
    if (agentTool !== undefined) return agentTool;
  }
  if (kind !== undefined) {
    const byKind =
      ownValue(context.quirks?.toolNameByKind, kind) ?? ownValue(toolNameByAcpKind, kind);
    if (byKind !== undefined) return byKind;
  }
  return agentTitleAsToolName(title) ?? fallbackToolName;
}

/**
 * An agent's title used as a tool name (T-13): trimmed, first line only, at most 48 characters
 * (45 + `...`). Refused (`undefined`) when empty, when it starts with `mcp__` (any case), or when it
 * is only ASCII letters: an agent can never impersonate a Claude tool (`Write`, `Bash`, `Task`).
 */
export function agentTitleAsToolName(title: string | null | undefined): string | undefined {
  if (typeof title !== 'string') return undefined;
  const firstLine =
    title
      .trim()
      .split(/\r?\n|\r/, 1)[0]
      ?.trim() ?? '';
  if (firstLine === '') return undefined;
  if (firstLine.toLowerCase().startsWith('mcp__')) return undefined;
  if (/^[A-Za-z]+$/.test(firstLine)) return undefined;
  return firstLine.length > 48 ? `${firstLine.slice(0, 45)}...` : firstLine;
}

/**
 * The ACP kind an agent carries in a frame's `_meta` under `metaKey` (`quirks.toolKindMetaKey`,
 * T-12: `_meta[metaKey].kind`), only when it is one of the ACP kinds with a Claude name; the
 * agent's own kind names are ignored. Nothing without a key.
 */
export function toolMetaKind(meta: unknown, metaKey: string | undefined): string | undefined {
  if (metaKey === undefined || metaKey === '') return undefined;
  const record = asRecord(meta);
  const carrier =
    record !== undefined && Object.hasOwn(record, metaKey) ? record[metaKey] : undefined;
  const kind = asRecord(carrier)?.kind;
  return typeof kind === 'string' && Object.hasOwn(toolNameByAcpKind, kind) ? kind : undefined;
}

/**
 * The arguments of an MCP tool, unwrapped from the agent's envelope (T-15), for names starting
 * with `mcp__` only: the first of `envelopes` (`quirks.mcpArgumentEnvelopes`) whose tool field is
 * a string and whose arguments field is an object gives that object; otherwise `rawInput`
 * unchanged.
 */
export function unwrapMcpArguments(
  toolName: string,
  rawInput: unknown,
  envelopes: readonly McpArgumentsEnvelope[] | undefined,
): unknown {
  if (!toolName.startsWith('mcp__') || envelopes === undefined) return rawInput;
  const input = asRecord(rawInput);
  if (input === undefined) return rawInput;
  for (const envelope of envelopes) {
    if (!Object.hasOwn(input, envelope.toolField) || !Object.hasOwn(input, envelope.argumentsField))
      continue;
    const inner = asRecord(input[envelope.argumentsField]);
    if (typeof input[envelope.toolField] === 'string' && inner !== undefined) return inner;
  }
  return rawInput;
}

function mcpIdFromFields(
  name: string | undefined,
  input: Record<string, unknown> | undefined,
  servers: readonly string[],
): string | undefined {
  if (name !== undefined) {
    const fromName = parseMcpToolId(name, servers, { allowTrailingText: false });
    if (fromName !== undefined) return mcpWireName(fromName);
  }
  if (input === undefined) return undefined;
  const server = input.server;
  const namedServer = typeof server === 'string' && servers.includes(server) ? server : undefined;
  if (server !== undefined && namedServer === undefined) return undefined;
  for (const field of ['tool_name', 'tool', 'toolName'] as const) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    const parsed = parseMcpToolId(value, servers, { allowTrailingText: false });
    if (parsed !== undefined && (namedServer === undefined || parsed.server === namedServer)) {
      return mcpWireName(parsed);
    }
    if (namedServer !== undefined && /^[A-Za-z0-9_-]+$/.test(value)) {
      return mcpWireName({ server: namedServer, tool: value });
    }
  }
  return undefined;
}

/**
 * The agent's own tool name inside a `toolCallId` (capture group 1 of `quirks.toolCallIdPattern`,
 * `write_file__write_file_<ms>_0` with `^([a-z_]+)__` → `write_file`). An invalid pattern reads nothing.
 */
export function agentToolFromId(
  toolCallId: string | undefined,
  pattern: string | undefined,
): string | undefined {
  if (typeof toolCallId !== 'string') return undefined;
  const group = compileQuirkPattern(pattern)?.exec(toolCallId)?.[1];
  return group !== undefined && group !== '' ? group : undefined;
}

function effectiveKind(frame: ToolNameFrame): string | undefined {
  if (typeof frame.kind === 'string' && frame.kind !== '') return frame.kind;
  const metaKind = frame.metaKind;
  return typeof metaKind === 'string' && Object.hasOwn(toolNameByAcpKind, metaKind)
    ? metaKind
    : undefined;
}

function ownValue(
  table: Readonly<Record<string, string>> | undefined,
  key: string | undefined,
): string | undefined {
  if (table === undefined || key === undefined || !Object.hasOwn(table, key)) return undefined;
  const value = table[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function leadingToken(title: string): string {
  return title.trim().split(/\s/, 1)[0] ?? '';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export type { McpToolId, ParseMcpToolIdOptions } from './parse-mcp-tool-id.js';
export { isMcpIdSegment, mcpWireName, parseMcpToolId } from './parse-mcp-tool-id.js';
