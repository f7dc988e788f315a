import type { BackendQuirks } from '@agentbridge/core/contracts';
import { compileQuirkPattern } from '@agentbridge/core/contracts';
import type { ToolCallUpdate } from '@agentclientprotocol/sdk';
import { isOpenObject, type OpenObject } from '../json-rpc/agent-schemas.js';
import { carriedKind, metaField } from '../json-rpc/session-update-schemas.js';
import { claudeToolFields, toolNameByCommonId } from './claude-tools.js';

/** The fields of a tool-call frame (or permission request) that decide its Claude name. */
export type ToolNameFrame = Partial<Pick<ToolCallUpdate, 'title' | 'name' | 'toolCallId'>> & {
  /** The call's `rawInput` when it is an object (the edge keeps no other). */
  readonly rawInput?: OpenObject;
  /** ACP `kind`, or a kind of the agent's own. */
  readonly kind?: string;
  /** The kind {@link toolMetaKind} read from `_meta` (T-12), used when `kind` is absent. */
  readonly metaKind?: string;
  /** The Claude tool name the agent reports in `_meta.claudeCode.toolName` (T-14). */
  readonly claudeName?: string;
  /** The agent's own tool name from `_meta[quirks.toolNameMetaKey]` (T-14). */
  readonly metaName?: string;
  /** The first diff of the call's content: one with no old text writes a whole file (T-14). */
  readonly diff?: { readonly oldText?: string | null };
};

type McpToolId = { readonly server: string; readonly tool: string };
type Table = Readonly<Record<string, string>>;

/** The ACP tool kinds with a fixed Claude name (T-10); the only kinds T-12 accepts. */
const toolNameByAcpKind: Table = {
  read: 'Read',
  edit: 'Edit',
  delete: 'Delete',
  move: 'Move',
  search: 'Search',
  execute: 'Bash',
  fetch: 'WebFetch',
  think: 'Think',
};
const toolSegment = /^[A-Za-z0-9_-]+$/;

/**
 * The Claude tool name of an ACP tool call (T-10, T-14), a policy input, so read only from tool-id
 * fields; the first rule that applies wins: the agent's own `_meta.claudeCode.toolName`; a shell
 * call (`rawInput.command` or `.script`) is never MCP; an MCP id in the title (not for `execute`);
 * an MCP id as the whole value of `name`, `rawInput.tool_name`, `.tool`, `.toolName` or the `_meta`
 * tool name; `rawInput` `{server, tool}`; the backend's `toolNameByAgentTool`, then the shared table of common ids (by
 * `name`, the `_meta` tool name, the title's first word, or the `toolCallId`); `Write` for an edit
 * that creates a file; the backend's `toolNameByKind`, the ACP kinds; the agent's title (T-13);
 * else `Tool`.
 */
export function mapToolName(
  frame: ToolNameFrame,
  context: { readonly mcpServerNames: readonly string[]; readonly quirks?: BackendQuirks },
): string {
  if (frame.claudeName !== undefined && frame.claudeName !== '')
    return agentOwnClaudeTool(frame.claudeName, context.mcpServerNames) ?? frame.claudeName;
  const title = typeof frame.title === 'string' ? frame.title : undefined;
  const name = typeof frame.name === 'string' ? frame.name : undefined;
  const kind =
    typeof frame.kind === 'string' && frame.kind !== '' ? frame.kind : acpKind(frame.metaKind);
  const input = frame.rawInput;
  const isShell =
    typeof input?.command === 'string' ||
    Array.isArray(input?.command) ||
    typeof input?.script === 'string';
  const { mcpServerNames: servers, quirks } = context;
  const approval = mcpApprovalOf(input, quirks?.mcpApprovalInput);
  if (approval !== undefined) return `mcp__${approval.server}__${approval.tool}`;
  if (!isShell && servers.length > 0) {
    const titleSuffixPattern = quirks?.mcpTitleSuffixPattern;
    const fromTitle =
      kind !== 'execute' && title !== undefined
        ? parseMcpToolId(title, servers, { allowTrailingText: true, titleSuffixPattern })
        : undefined;
    // MCP-04: the agent's `_meta` tool name (`quirks.toolNameMetaKey`) may be the MCP id too.
    const id =
      fromTitle ??
      mcpIdFromFields(name, input, servers) ??
      mcpIdFromFields(frame.metaName, undefined, servers);
    if (id !== undefined) return `mcp__${id.server}__${id.tool}`;
  }
  const server = input?.server;
  const tool = input?.tool;
  if (!isShell && isMcpIdSegment(server) && isMcpIdSegment(tool)) return `mcp__${server}__${tool}`;
  const idPattern = compileQuirkPattern(quirks?.toolCallIdPattern);
  const idTool = typeof frame.toolCallId === 'string' ? idPattern?.exec(frame.toolCallId) : null;
  // An execute call's title is its command line: its first word names a program, not a tool.
  const titleWord = kind === 'execute' ? undefined : title?.trim().split(/\s/, 1)[0];
  const ids = [name, frame.metaName, titleWord, titleLabel(title), idTool?.[1] || undefined];
  const lookUp = (table: Table | undefined) =>
    ids.reduce<string | undefined>((found, id) => found ?? ownValue(table, id), undefined);
  return (
    lookUp(quirks?.toolNameByAgentTool) ??
    lookUp(toolNameByCommonId) ??
    // ACP's new file has no old text; some agents send "" for one.
    (kind === 'edit' && frame.diff !== undefined && !frame.diff.oldText ? 'Write' : undefined) ??
    ownValue(quirks?.toolNameByKind, kind) ??
    ownValue(toolNameByAcpKind, kind) ??
    agentTitleAsToolName(title) ??
    'Tool'
  );
}

/**
 * GA-16: a Claude tool the agent serves from an MCP server of its own (`mcp__acp__Write`, not a
 * server of the client's) is that Claude tool.
 */
function agentOwnClaudeTool(name: string, servers: readonly string[]): string | undefined {
  const match = /^mcp__(.+?)__([A-Za-z]+)$/.exec(name);
  if (match === null || servers.includes(match[1] ?? '')) return undefined;
  const tool = match[2] ?? '';
  return Object.hasOwn(claudeToolFields, tool) ? tool : undefined;
}

/** GA-07: the label of a title `Label: rest` (`Shell: printf hi`), a tool id like a name. */
function titleLabel(title: string | undefined): string | undefined {
  return title === undefined ? undefined : /^\s*([A-Za-z][\w-]{0,31}):\s+\S/.exec(title)?.[1];
}

/**
 * GA-08: the command line a shell call's title holds: the title without a label that names a
 * shell (`Shell: `); `undefined` when the title is not a command (another call, or labelled else).
 */
export function titleCommand(title: string | undefined, kind: string | undefined) {
  const label = titleLabel(title);
  const text = title?.trim().replace(/^`([^`]+)`$/, '$1');
  // A generic title (`Terminal`) is a tool's name, not a command line.
  if (text === undefined || text === '' || ownValue(toolNameByCommonId, text)) return undefined;
  if (label === undefined) return kind === 'execute' ? text : undefined;
  if (ownValue(toolNameByCommonId, label) !== 'Bash') return undefined;
  return text.slice(text.indexOf(':') + 1).trim();
}

/** T-12: `_meta[metaKey].kind` (`quirks.toolKindMetaKey`) when it is an ACP kind with a name. */
export function toolMetaKind(
  meta: OpenObject | undefined,
  metaKey: string | undefined,
): string | undefined {
  return metaKey ? acpKind(carriedKind(metaField(meta, metaKey))) : undefined;
}

/**
 * T-15, MCP-04: for `mcp__` names, the arguments of an MCP approval (`quirks.mcpApprovalInput`),
 * else the arguments object of the first envelope (`quirks.mcpArgumentEnvelopes`) whose tool field
 * holds a string; otherwise `rawInput` as is.
 */
export function unwrapMcpArguments(
  toolName: string,
  rawInput: OpenObject | undefined,
  quirks: Pick<BackendQuirks, 'mcpArgumentEnvelopes' | 'mcpApprovalInput'>,
): OpenObject | undefined {
  if (!toolName.startsWith('mcp__') || rawInput === undefined) return rawInput;
  const approval = quirks.mcpApprovalInput;
  const approved = mcpApprovalOf(rawInput, approval) && atPath(rawInput, approval?.argumentsPath);
  if (isOpenObject(approved)) return approved;
  for (const { toolField, argumentsField } of quirks.mcpArgumentEnvelopes ?? []) {
    const inner = metaField(rawInput, argumentsField);
    if (typeof metaField(rawInput, toolField) === 'string' && isOpenObject(inner)) return inner;
  }
  return rawInput;
}

/** MCP-04: the server and tool an MCP approval names in its `rawInput` (`quirks.mcpApprovalInput`). */
function mcpApprovalOf(
  input: OpenObject | undefined,
  quirk: BackendQuirks['mcpApprovalInput'],
): McpToolId | undefined {
  const text = quirk === undefined ? undefined : atPath(input, quirk.textPath);
  const match = typeof text === 'string' ? compileQuirkPattern(quirk?.pattern)?.exec(text) : null;
  const [server, tool] = [match?.[1], match?.[2]];
  return isMcpIdSegment(server) && isMcpIdSegment(tool) ? { server, tool } : undefined;
}

/** The value at a dotted path of an open object (own keys only). */
function atPath(value: OpenObject | undefined, path: string | undefined): unknown {
  return (path ?? '')
    .split('.')
    .reduce<unknown>(
      (current, key) => metaField(isOpenObject(current) ? current : undefined, key),
      path === undefined ? undefined : value,
    );
}

/** MCP-04: one JSON object as a call's only text content (`quirks.rawInputFromContentJson`). */
export function rawInputFromContent(
  content: readonly unknown[] | undefined,
): OpenObject | undefined {
  const block = content?.length === 1 ? content[0] : undefined;
  const inner = isOpenObject(block) ? block.content : undefined;
  const text = isOpenObject(inner) ? inner.text : undefined;
  if (typeof text !== 'string' || !text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isOpenObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** True when a text can be one segment of an `mcp__<server>__<tool>` wire name (T-10). */
export function isMcpIdSegment(text: unknown): text is string {
  return typeof text === 'string' && !text.includes('__') && /^[A-Za-z0-9_.-]+$/.test(text);
}

/**
 * T-11: `mcp__<server>__<tool>`, `mcp.<server>.<tool>` or `<server>__<tool>` of a configured
 * server (the longest name wins). Title mode (`allowTrailingText`) reads the leading token, or a
 * bare tool whose trailing text names the server in group 1 of `titleSuffixPattern`.
 */
export function parseMcpToolId(
  text: string,
  serverNames: readonly string[],
  options: { readonly allowTrailingText: boolean; readonly titleSuffixPattern?: string },
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

/**
 * T-13: an agent's title as a tool name: first line, trimmed, at most 48 characters (45 + `...`).
 * Refused when empty, `mcp__…`, or only ASCII letters: an agent never impersonates `Write`.
 */
function agentTitleAsToolName(title: string | undefined): string | undefined {
  const line =
    title
      ?.trim()
      .split(/[\r\n]/, 1)[0]
      ?.trim() ?? '';
  if (line === '' || /^mcp__/i.test(line) || /^[A-Za-z]+$/.test(line)) return undefined;
  return line.length > 48 ? `${line.slice(0, 45)}...` : line;
}

/** A whole-value MCP id in `name` or a `rawInput` tool field; a bare tool of `rawInput.server`. */
function mcpIdFromFields(
  name: string | undefined,
  input: OpenObject | undefined,
  servers: readonly string[],
): McpToolId | undefined {
  const whole = (value: string) => parseMcpToolId(value, servers, { allowTrailingText: false });
  const fromName = name === undefined ? undefined : whole(name);
  if (fromName !== undefined || input === undefined) return fromName;
  const server = input.server;
  const named = typeof server === 'string' && servers.includes(server) ? server : undefined;
  if (server !== undefined && named === undefined) return undefined;
  for (const value of [input.tool_name, input.tool, input.toolName]) {
    if (typeof value !== 'string') continue;
    const parsed = whole(value);
    if (parsed !== undefined && (named === undefined || parsed.server === named)) return parsed;
    if (named !== undefined && toolSegment.test(value)) return { server: named, tool: value };
  }
  return undefined;
}

function acpKind(kind: unknown): string | undefined {
  return typeof kind === 'string' && Object.hasOwn(toolNameByAcpKind, kind) ? kind : undefined;
}

function ownValue(table: Table | undefined, key: string | undefined): string | undefined {
  const value = table && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
