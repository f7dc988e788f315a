import { matchesPathPattern, type PathContext } from './path-pattern.js';
import { splitShellCommand } from './shell-command.js';

/** A parsed `--allowedTools` / `--disallowedTools` rule: `Tool` or `Tool(content)`. */
export type PermissionRule = {
  readonly toolName: string;
  /** The text inside the parentheses; absent for a whole-tool rule (`Bash`, `Bash()`, `Bash(*)`). */
  readonly content?: string;
};

/** How a rule is used: an allow rule must cover the whole call, a deny rule any part of it. */
export type RulePurpose = 'allow' | 'deny';

/** Options of {@link matchesPermissionRule}. */
export type MatchPermissionRuleOptions = PathContext & {
  /** Default `allow` (the strict reading). */
  readonly purpose?: RulePurpose;
};

/** Tools whose calls change files: `Edit(...)` rules cover all of them. */
export const fileEditToolNames: readonly string[] = [
  'Edit',
  'Write',
  'MultiEdit',
  'NotebookEdit',
  'Delete',
  'Move',
];
/** Tools whose calls read files: `Read(...)` rules cover all of them. */
export const fileReadToolNames: readonly string[] = ['Read', 'Grep', 'Glob', 'LS', 'Search'];
/** The tools `acceptEdits` approves without asking. */
export const acceptEditsToolNames: readonly string[] = [
  'Edit',
  'Write',
  'MultiEdit',
  'NotebookEdit',
];
/** Tools that run commands (denied in `plan` mode unless a rule allows them). */
export const commandToolNames: readonly string[] = ['Bash'];

/**
 * Parses a Claude Code permission rule (`Read`, `Bash(git status:*)`, `Read(./src/**)`,
 * `WebFetch(domain:example.com)`, `mcp__server`, `mcp__server__tool`). `undefined` for an empty
 * or malformed rule. `Tool()` and `Tool(*)` mean the whole tool.
 */
export function parsePermissionRule(rule: string): PermissionRule | undefined {
  if (typeof rule !== 'string') return undefined;
  const trimmed = rule.trim();
  if (trimmed === '') return undefined;
  const open = trimmed.indexOf('(');
  if (open < 0) return /[\s)]/.test(trimmed) ? undefined : { toolName: trimmed };
  if (!trimmed.endsWith(')') || open === 0) return undefined;
  const toolName = trimmed.slice(0, open).trim();
  if (toolName === '' || /\s/.test(toolName)) return undefined;
  const content = trimmed
    .slice(open + 1, -1)
    .replace(/\\([()])/g, '$1')
    .trim();
  return content === '' || content === '*' ? { toolName } : { toolName, content };
}

/**
 * True when a rule covers a tool call. Whole-tool rules match the tool (an `Edit` / `Read` rule
 * covers every file-editing / file-reading tool); `mcp__server` and `mcp__server__*` match every
 * tool of that server. Content forms: Bash `prefix:*`, `*` wildcards or an exact command (for an
 * allow rule every chained command must match and command substitution never matches; for a deny
 * rule one is enough); file tools a path pattern ({@link matchesPathPattern}) against `file_path`,
 * `path` or `notebook_path`; WebFetch `domain:host` (`*.host` for subdomains). Other content
 * rules match nothing.
 */
export function matchesPermissionRule(
  rule: string | PermissionRule,
  toolName: string,
  input: unknown,
  options: MatchPermissionRuleOptions = {},
): boolean {
  const parsed = typeof rule === 'object' && rule !== null ? rule : parsePermissionRule(rule);
  if (parsed === undefined || typeof toolName !== 'string') return false;
  if (parsed.toolName.startsWith('mcp__')) return matchesMcpRule(parsed, toolName);
  if (!coversTool(parsed.toolName, toolName)) return false;
  if (parsed.content === undefined) return true;
  const record = asRecord(input) ?? {};
  const purpose = options.purpose ?? 'allow';
  if (commandToolNames.includes(toolName)) {
    return typeof record.command === 'string'
      ? matchesCommand(parsed.content, record.command, purpose)
      : false;
  }
  if (fileEditToolNames.includes(toolName) || fileReadToolNames.includes(toolName)) {
    const path = filePath(record);
    return path !== undefined && matchesPathPattern(parsed.content, path, options);
  }
  if (toolName === 'WebFetch') return matchesDomain(parsed.content, record.url);
  return false;
}

/** Inputs of {@link decidePermission}. */
export type PermissionQuestion = PathContext & {
  readonly toolName: string;
  readonly input: unknown;
  readonly allowedTools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  /** The client's Claude permission mode (`default`, `acceptEdits`, `plan`, ...). */
  readonly permissionMode?: string;
};

/**
 * What the bridge does with an agent's permission request before asking anyone:
 *
 * 1. a matching `disallowedTools` rule denies (always wins);
 * 2. `bypassPermissions` allows;
 * 3. `plan` denies file edits, and commands that no allow rule covers;
 * 4. a matching `allowedTools` rule allows;
 * 5. `acceptEdits` allows Edit, Write, MultiEdit and NotebookEdit;
 * 6. `dontAsk` denies what was not allowed;
 * 7. otherwise `ask` (the client's `can_use_tool`, or a denial without a prompt tool).
 */
export function decidePermission(question: PermissionQuestion): 'allow' | 'deny' | 'ask' {
  const { toolName, input, permissionMode } = question;
  const context: PathContext = {
    ...(question.cwd !== undefined ? { cwd: question.cwd } : {}),
    ...(question.homeDirectory !== undefined ? { homeDirectory: question.homeDirectory } : {}),
  };
  const matchesAny = (rules: readonly string[] | undefined, purpose: RulePurpose): boolean =>
    rules?.some((rule) => matchesPermissionRule(rule, toolName, input, { ...context, purpose })) ??
    false;

  if (matchesAny(question.disallowedTools, 'deny')) return 'deny';
  if (permissionMode === 'bypassPermissions') return 'allow';
  const allowed = matchesAny(question.allowedTools, 'allow');
  if (permissionMode === 'plan') {
    if (fileEditToolNames.includes(toolName)) return 'deny';
    if (commandToolNames.includes(toolName) && !allowed) return 'deny';
  }
  if (allowed) return 'allow';
  if (permissionMode === 'acceptEdits' && acceptEditsToolNames.includes(toolName)) return 'allow';
  if (permissionMode === 'dontAsk') return 'deny';
  return 'ask';
}

function coversTool(ruleTool: string, toolName: string): boolean {
  if (ruleTool === toolName) return true;
  if (ruleTool === 'Edit') return fileEditToolNames.includes(toolName);
  if (ruleTool === 'Read') return fileReadToolNames.includes(toolName);
  return false;
}

function matchesMcpRule(rule: PermissionRule, toolName: string): boolean {
  if (rule.content !== undefined || !toolName.startsWith('mcp__')) return false;
  const ruleName = rule.toolName.endsWith('__*') ? rule.toolName.slice(0, -3) : rule.toolName;
  if (ruleName === toolName) return true;
  const server = ruleName.slice('mcp__'.length);
  if (server === '' || server.includes('__')) return false;
  return toolName.startsWith(`${ruleName}__`);
}

function matchesCommand(content: string, command: string, purpose: RulePurpose): boolean {
  const { commands, hasSubstitution } = splitShellCommand(command);
  if (commands.length === 0) return false;
  const matchesOne = commandMatcher(content);
  if (purpose === 'deny') {
    return matchesOne(command.trim()) || commands.some(matchesOne);
  }
  return !hasSubstitution && commands.every(matchesOne);
}

function commandMatcher(content: string): (command: string) => boolean {
  if (content.endsWith(':*')) {
    const prefix = content.slice(0, -2).trim();
    return (command) =>
      command === prefix || (command.startsWith(prefix) && /\s/.test(command[prefix.length] ?? ''));
  }
  if (content.includes('*')) {
    const source = content
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    const expression = new RegExp(`^${source}$`, 's');
    return (command) => expression.test(command);
  }
  return (command) => command === content;
}

function matchesDomain(content: string, url: unknown): boolean {
  if (!content.startsWith('domain:') || typeof url !== 'string') return false;
  const domain = content.slice('domain:'.length).trim().toLowerCase();
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (domain.startsWith('*.')) return host.endsWith(domain.slice(1));
  return host === domain;
}

function filePath(input: Record<string, unknown>): string | undefined {
  for (const key of ['file_path', 'path', 'notebook_path'] as const) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
