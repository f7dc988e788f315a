import type { ShellAnalysis } from '@agentbridge/core/contracts';
import type { ToolInput } from '../tools/build-tool-input.js';
import { matchesDomainRule } from './domain-rule.js';
import { isInsideDirectories, matchesPathPattern, type PathContext } from './path-pattern.js';
import { isProtectedPath } from './protected-paths.js';
import { shellTouchesPath } from './shell-path-rules.js';
import { allowRuleMatches, denyRuleMatches, hasControlCharacter } from './shell-rules.js';

/** Tools that change files (`Edit(...)` rules cover them all) and that read files (`Read(...)`). */
const fileEditTools = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Delete', 'Move'];
const fileReadTools = ['Read', 'Grep', 'Glob', 'LS', 'Search'];
/** The tools `acceptEdits` approves without asking. */
const acceptEditsTools = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];

type Purpose = 'allow' | 'deny';
type Question = PathContext & {
  readonly toolName: string;
  /** The call's input, a protocol-open object (the frame or the client method built it). */
  readonly input: ToolInput;
  readonly allowedTools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  /** `permissions.ask` rules: a match asks, whatever the mode or an allow rule say. */
  readonly askTools?: readonly string[];
  /** The client's Claude permission mode (`default`, `acceptEdits`, `plan`, ...). */
  readonly permissionMode?: string;
  /** `--add-dir` directories: with the cwd, where an allowed shell command may touch paths. */
  readonly additionalDirectories?: readonly string[];
  /** The command line as the bash grammar parsed it (`shell/parse`); without it no shell allow rule matches. */
  readonly shell?: ShellAnalysis;
};

const unparsed: ShellAnalysis = { ok: false, reason: 'not parsed' };

/** RU-04: a shell command line with control characters (`\r`), refused before any rule. */
function hasControlCharacters(toolName: string, input: ToolInput): boolean {
  const { command } = input;
  return toolName === 'Bash' && typeof command === 'string' && hasControlCharacter(command);
}

/** Whether any rule of the question looks at a shell command's content (then it is parsed first). */
export function needsShellParse(question: Question): boolean {
  const rules = [question.allowedTools, question.disallowedTools, question.askTools].flat();
  return (
    question.toolName === 'Bash' &&
    (rules.some((rule) => /^\s*Bash\s*\((?!\s*\*?\s*\))/.test(rule ?? '')) ||
      [question.disallowedTools, question.askTools]
        .flat()
        .some((rule) => /^\s*(Read|Edit)\s*\((?!\s*\*?\s*\))/.test(rule ?? '')))
  );
}

/**
 * What the bridge does with an agent's permission request before asking anyone: a matching
 * `disallowedTools` rule denies (always wins); a matching `askTools` rule asks, also under
 * `bypassPermissions` (as Claude Code, SE-04); `bypassPermissions` allows; `plan` denies file edits
 * and commands no allow rule covers; a matching `allowedTools` rule allows; `acceptEdits` allows
 * Edit, Write, MultiEdit and NotebookEdit; `dontAsk` denies the rest; otherwise `ask`.
 */
export function decidePermission(question: Question): 'allow' | 'deny' | 'ask' {
  const { toolName, permissionMode: mode } = question;
  const matchesAny = (rules: readonly string[] | undefined, purpose: Purpose): boolean =>
    rules?.some((rule) => matchesRule(rule, question, purpose)) ?? false;
  if (hasControlCharacters(toolName, question.input)) return 'deny';
  if (matchesAny(question.disallowedTools, 'deny')) return 'deny';
  // An ask rule matches as a deny rule does: any chained command is enough.
  if (toolName !== 'StructuredOutput' && matchesAny(question.askTools, 'deny')) return 'ask';
  // SO-01: the bridge's own tool that carries the answer, never asked about (as in Claude Code).
  if (mode === 'bypassPermissions' || toolName === 'StructuredOutput') return 'allow';
  const path = filePathOf(question.input);
  // RU-12: Claude Code asks before editing a protected path, whatever allows it.
  if (fileEditTools.includes(toolName) && path !== undefined && isProtectedPath(path)) {
    return mode === 'plan' || mode === 'dontAsk' ? 'deny' : 'ask';
  }
  const allowed = matchesAny(question.allowedTools, 'allow');
  if (mode === 'plan' && (fileEditTools.includes(toolName) || (toolName === 'Bash' && !allowed))) {
    return 'deny';
  }
  if (allowed || (mode === 'acceptEdits' && acceptsEdit(question))) return 'allow';
  return mode === 'dontAsk' ? 'deny' : 'ask';
}

/** The path a file tool works on (`file_path`, `path`, `notebook_path`). */
function filePathOf(input: ToolInput): string | undefined {
  const path = [input.file_path, input.path, input.notebook_path].find(
    (value) => typeof value === 'string' && value !== '',
  );
  return typeof path === 'string' ? path : undefined;
}

/** `acceptEdits` approves an edit inside the session's directories only (as Claude Code). */
function acceptsEdit(question: Question): boolean {
  const path = filePathOf(question.input);
  const roots = [question.cwd, ...(question.additionalDirectories ?? [])];
  const directories = roots.filter((root): root is string => root !== undefined);
  return (
    acceptEditsTools.includes(question.toolName) &&
    path !== undefined &&
    isInsideDirectories(path, directories, question.cwd)
  );
}

/**
 * Whether a Claude Code rule (`Read`, `Bash(git status:*)`, `Read(./src/**)`, `mcp__server`,
 * `WebFetch(domain:*.example.com)`) covers a call. `Tool()` and `Tool(*)` mean the whole tool,
 * `Edit(...)` / `Read(...)` all file-editing / file-reading tools. An allow rule must match every chained
 * command (and none may substitute one), a deny rule any: chaining never widens a rule.
 */
function matchesRule(rule: string, question: Question, purpose: Purpose): boolean {
  const { toolName, input } = question;
  const trimmed = typeof rule === 'string' ? rule.trim() : '';
  const open = trimmed.indexOf('(');
  const ruleTool = (open < 0 ? trimmed : trimmed.slice(0, open)).trim();
  // A bare rule may hold no `)`; a rule with content must end with one.
  const malformed =
    open < 0 ? /[\s)]/.test(ruleTool) : /\s/.test(ruleTool) || !trimmed.endsWith(')');
  if (ruleTool === '' || malformed) return false;
  const body = open < 0 ? '' : trimmed.slice(open + 1, -1);
  const inner = body.replace(/\\([()])/g, '$1').trim();
  const content = inner === '*' ? '' : inner;
  if (ruleTool.startsWith('mcp__')) return content === '' && matchesMcpRule(ruleTool, toolName);
  const family = fileEditTools.includes(toolName)
    ? 'Edit'
    : fileReadTools.includes(toolName)
      ? 'Read'
      : undefined;
  const shell = question.shell ?? unparsed;
  // RU-10: a deny path rule also looks at the paths a Bash line names.
  if (toolName === 'Bash' && purpose === 'deny' && (ruleTool === 'Read' || ruleTool === 'Edit')) {
    const command = input.command;
    return (
      content !== '' &&
      typeof command === 'string' &&
      shellTouchesPath(ruleTool, content, command, shell, question)
    );
  }
  // RU-07: as Claude Code, a bare rule allows its own tool only, and a file tool's content rule is
  // its family's (`Edit(...)` for Write, `Read(...)` for Grep); a deny rule reaches further.
  const covered =
    content === ''
      ? ruleTool === toolName || (purpose === 'deny' && ruleTool === family)
      : family === undefined
        ? ruleTool === toolName
        : ruleTool === family || (purpose === 'deny' && ruleTool === toolName);
  if (!covered || content === '') return covered;
  if (toolName === 'Bash') {
    if (typeof input.command !== 'string') return false;
    if (purpose === 'deny') return denyRuleMatches(content, input.command, shell);
    const roots = [question.cwd, ...(question.additionalDirectories ?? [])];
    const directories = {
      ...(question.cwd === undefined ? {} : { cwd: question.cwd }),
      ...(question.homeDirectory === undefined ? {} : { home: question.homeDirectory }),
      roots: roots.filter((root): root is string => root !== undefined),
    };
    return allowRuleMatches(content, input.command, shell, directories);
  }
  if (fileEditTools.includes(toolName) || fileReadTools.includes(toolName)) {
    const path = filePathOf(input);
    return path !== undefined && matchesPathPattern(content, path, question, purpose);
  }
  return toolName === 'WebFetch' && matchesDomainRule(content, input.url);
}

function matchesMcpRule(ruleTool: string, toolName: string): boolean {
  if (!toolName.startsWith('mcp__')) return false;
  const ruleName = ruleTool.endsWith('__*') ? ruleTool.slice(0, -3) : ruleTool;
  if (ruleName === toolName) return true;
  const server = ruleName.slice('mcp__'.length);
  return server !== '' && !server.includes('__') && toolName.startsWith(`${ruleName}__`);
}
