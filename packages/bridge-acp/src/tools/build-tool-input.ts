import type { BackendQuirks } from '@agentbridge/core/contracts';
import type { Diff, ToolCallLocation } from '@agentclientprotocol/sdk';
import type { OpenObject } from '../json-rpc/agent-schemas.js';
import { shellWords } from '../permissions/shell-command.js';
import { claudeToolFields, requiredClaudeFields } from './claude-tools.js';
import { titleCommand, unwrapMcpArguments } from './map-tool-name.js';

/** A Claude `tool_use.input`: the tool's own JSON object, protocol-open (T-04). */
export type ToolInput = Record<string, unknown>;

/** What the agent told about a tool call so far, as far as its input goes. */
type ToolInputFacts = {
  readonly title?: string;
  readonly kind?: string;
  readonly metaKind?: string;
  readonly rawInput?: OpenObject;
  readonly locations?: readonly ToolCallLocation[];
  /** The first diff of the latest `content`. */
  readonly diff?: Partial<Diff>;
};

/**
 * The `tool_use.input` of a tool call (T-04, T-05), in Claude's shape for Claude's tools: each
 * field from its first present source (the backend's `quirks.toolInputKeys`, then the shared
 * table: `rawInput` keys, the first diff, the first location, `@title` for backends that say so);
 * a renamed key is dropped, every other key of the agent's stays. MCP tools get their arguments
 * (T-15); another tool without `file_path` or `path` gets `file_path` from its first location.
 * Nothing is invented and `rawInput` is never changed.
 */
export function buildToolInput(
  facts: ToolInputFacts,
  toolName: string,
  quirks: BackendQuirks,
): ToolInput {
  const args = unwrapMcpArguments(toolName, facts.rawInput, quirks);
  const agent: ToolInput = { ...args };
  if (toolName.startsWith('mcp__')) return agent;
  const location = facts.locations?.[0]?.path;
  const own = <T>(table: Readonly<Record<string, T>> | undefined) =>
    table !== undefined && Object.hasOwn(table, toolName) ? table[toolName] : undefined;
  const shared = own(claudeToolFields);
  const backend = own(quirks.toolInputKeys);
  if (shared === undefined && backend === undefined) {
    if (typeof location === 'string' && !('file_path' in agent) && !('path' in agent))
      agent.file_path = location;
    return agent;
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const frameFacts = new Map<string, unknown>([
    ['@title', text(facts.title)],
    [
      '@titleCommand',
      toolName === 'Bash' ? titleCommand(facts.title, facts.kind ?? facts.metaKind) : undefined,
    ],
    ['@location', text(location)],
    ['@diff.path', text(facts.diff?.path)],
    ['@diff.oldText', facts.diff?.oldText],
    ['@diff.newText', facts.diff?.newText],
  ]);
  const fields: ToolInput = {};
  for (const field of new Set([...Object.keys(backend ?? {}), ...Object.keys(shared ?? {})])) {
    for (const source of [...(backend?.[field] ?? []), ...(shared?.[field] ?? [])]) {
      const fromFrame = source.startsWith('@');
      const value = fromFrame ? frameFacts.get(source) : agent[source];
      if (value === undefined || value === null) continue;
      fields[field] = field === 'command' ? commandLine(value, source === 'commands') : value;
      if (!fromFrame && source !== field) delete agent[source];
      break;
    }
  }
  // Claude's fields first (and winning over the agent's spelling of the same key), then the rest.
  return { ...fields, ...agent, ...fields };
}

/** True when the input has every field its Claude tool needs (T-06); other tools: always. */
export function isInputKnown(call: { readonly name: string; readonly input: ToolInput }): boolean {
  const { name, input } = call;
  const required = Object.hasOwn(requiredClaudeFields, name)
    ? requiredClaudeFields[name]
    : undefined;
  return required?.every((field) => input[field] !== undefined) ?? true;
}

/**
 * A shell command as one line (T-05): a string as is; `[shell, -c, script]` is the script; an
 * argv list is joined with words quoted where needed; a list of command lines (`commands`) is
 * joined with newlines.
 */
function commandLine(value: unknown, isList: boolean): unknown {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return value;
  const words = value as string[];
  if (isList) return words.join('\n');
  const [shell, flag, script, ...rest] = words;
  if (/(^|\/)(ba|z|da)?sh$/.test(shell ?? '') && /^-l?c$/.test(flag ?? '') && rest.length === 0)
    return script ?? '';
  return shellWords(words);
}
