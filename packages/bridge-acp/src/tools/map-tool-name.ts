import type { BackendQuirks, McpArgumentsEnvelope } from '@agentbridge/core/contracts';
import { isRecord } from '@agentbridge/core/contracts';
import type { ToolCallUpdate } from '@agentclientprotocol/sdk';
import { compileQuirkPattern } from './compile-quirk-pattern.js';
import { isMcpIdSegment, type McpToolId, parseMcpToolId } from './parse-mcp-tool-id.js';

/** The fields of a tool-call frame (or permission request) that decide its Claude name. */
export type ToolNameFrame = Partial<
  Pick<ToolCallUpdate, 'title' | 'name' | 'rawInput' | 'toolCallId'>
> & {
  /** ACP `kind`, or a kind of the agent's own. */
  readonly kind?: string;
  /** The kind {@link toolMetaKind} read from `_meta` (T-12), used when `kind` is absent. */
  readonly metaKind?: string;
};

/** The ACP tool kinds with a fixed Claude name (T-10); the only kinds T-12 accepts. */
const toolNameByAcpKind: Readonly<Record<string, string>> = {
  read: 'Read',
  edit: 'Edit',
  delete: 'Delete',
  move: 'Move',
  search: 'Search',
  execute: 'Bash',
  fetch: 'WebFetch',
  think: 'Think',
};

/**
 * The Claude tool name of an ACP tool call (T-10). It is a policy input (permission rules,
 * auto-approval), so it comes only from tool-id fields; the first rule that applies wins:
 *
 * 1. a shell call (`rawInput.command` or `.script` is a string) is never an MCP call;
 * 2. an MCP id in the title's leading token (not for `execute`, whose titles are command lines),
 *    attributed by the rest of the title through `quirks.mcpTitleSuffixPattern`;
 * 3. an MCP id as the whole value of ACP `name`, `rawInput.tool_name`, `.tool` or `.toolName` (a
 *    bare tool of `rawInput.server` when that is configured; `rawInput.name` is never read);
 * 4. `rawInput` `{server, tool}` of any server;
 * 5. the backend's `toolNameByAgentTool` (ACP `name`, the title's leading token, or the tool
 *    `quirks.toolCallIdPattern` reads in the `toolCallId`), its `toolNameByKind`, the ACP kinds;
 * 6. the agent's title (T-13), else `Tool`.
 */
export function mapToolName(
  frame: ToolNameFrame,
  context: { readonly mcpServerNames: readonly string[]; readonly quirks?: BackendQuirks },
): string {
  const title = typeof frame.title === 'string' ? frame.title : undefined;
  const name = typeof frame.name === 'string' ? frame.name : undefined;
  const kind =
    typeof frame.kind === 'string' && frame.kind !== '' ? frame.kind : acpKind(frame.metaKind);
  const input = isRecord(frame.rawInput) ? frame.rawInput : undefined;
  const isShell = typeof input?.command === 'string' || typeof input?.script === 'string';
  const { mcpServerNames: servers, quirks } = context;
  if (!isShell && servers.length > 0) {
    const fromTitle =
      kind !== 'execute' && title !== undefined
        ? parseMcpToolId(title, servers, {
            allowTrailingText: true,
            titleSuffixPattern: quirks?.mcpTitleSuffixPattern,
          })
        : undefined;
    const id = fromTitle ?? mcpIdFromFields(name, input, servers);
    if (id !== undefined) return `mcp__${id.server}__${id.tool}`;
  }
  const server = input?.server;
  const tool = input?.tool;
  if (!isShell && isMcpIdSegment(server) && isMcpIdSegment(tool)) return `mcp__${server}__${tool}`;
  const table = quirks?.toolNameByAgentTool;
  const agentTool =
    table &&
    (ownValue(table, name) ??
      ownValue(table, title?.trim().split(/\s/, 1)[0]) ??
      ownValue(table, agentToolFromId(frame.toolCallId, quirks?.toolCallIdPattern)));
  return (
    agentTool ??
    ownValue(quirks?.toolNameByKind, kind) ??
    ownValue(toolNameByAcpKind, kind) ??
    agentTitleAsToolName(title) ??
    'Tool'
  );
}

/** T-12: `_meta[metaKey].kind` (`quirks.toolKindMetaKey`) when it is an ACP kind with a name. */
export function toolMetaKind(meta: unknown, metaKey: string | undefined): string | undefined {
  if (!metaKey || !isRecord(meta) || !Object.hasOwn(meta, metaKey)) return undefined;
  const carrier = meta[metaKey];
  return acpKind(isRecord(carrier) ? carrier.kind : undefined);
}

/**
 * An MCP tool's own arguments (T-15), for `mcp__` names: the first envelope
 * (`quirks.mcpArgumentEnvelopes`) whose tool field holds a string and whose arguments field holds
 * an object gives that object; otherwise `rawInput` unchanged.
 */
export function unwrapMcpArguments(
  toolName: string,
  rawInput: unknown,
  envelopes: readonly McpArgumentsEnvelope[] | undefined,
): unknown {
  if (!toolName.startsWith('mcp__') || !isRecord(rawInput)) return rawInput;
  for (const { toolField, argumentsField } of envelopes ?? []) {
    if (!Object.hasOwn(rawInput, toolField) || !Object.hasOwn(rawInput, argumentsField)) continue;
    const inner = rawInput[argumentsField];
    if (typeof rawInput[toolField] === 'string' && isRecord(inner)) return inner;
  }
  return rawInput;
}

/**
 * T-13: an agent's title as a tool name: first line, trimmed, at most 48 characters (45 + `...`).
 * Refused when empty, `mcp__…`, or only ASCII letters: an agent never impersonates `Write`.
 */
function agentTitleAsToolName(title: string | undefined): string | undefined {
  const line =
    title
      ?.trim()
      .split(/\r?\n|\r/, 1)[0]
      ?.trim() ?? '';
  if (line === '' || /^mcp__/i.test(line) || /^[A-Za-z]+$/.test(line)) return undefined;
  return line.length > 48 ? `${line.slice(0, 45)}...` : line;
}

/** The agent's tool name in a `toolCallId`: group 1 of `quirks.toolCallIdPattern`. */
function agentToolFromId(toolCallId: unknown, pattern: string | undefined): string | undefined {
  if (typeof toolCallId !== 'string') return undefined;
  return compileQuirkPattern(pattern)?.exec(toolCallId)?.[1] || undefined;
}

function mcpIdFromFields(
  name: string | undefined,
  input: Record<string, unknown> | undefined,
  servers: readonly string[],
): McpToolId | undefined {
  const whole = (value: string): McpToolId | undefined =>
    parseMcpToolId(value, servers, { allowTrailingText: false });
  const fromName = name === undefined ? undefined : whole(name);
  if (fromName !== undefined || input === undefined) return fromName;
  const server = input.server;
  const named = typeof server === 'string' && servers.includes(server) ? server : undefined;
  if (server !== undefined && named === undefined) return undefined;
  for (const field of ['tool_name', 'tool', 'toolName']) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    const parsed = whole(value);
    if (parsed !== undefined && (named === undefined || parsed.server === named)) return parsed;
    if (named !== undefined && /^[A-Za-z0-9_-]+$/.test(value))
      return { server: named, tool: value };
  }
  return undefined;
}

function acpKind(kind: unknown): string | undefined {
  return typeof kind === 'string' && Object.hasOwn(toolNameByAcpKind, kind) ? kind : undefined;
}

function ownValue(
  table: Readonly<Record<string, string>> | undefined,
  key: string | undefined,
): string | undefined {
  const value =
    table !== undefined && key !== undefined && Object.hasOwn(table, key) ? table[key] : '';
  return typeof value === 'string' && value !== '' ? value : undefined;
}
