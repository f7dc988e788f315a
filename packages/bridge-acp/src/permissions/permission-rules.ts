import { isRecord } from '@agentbridge/core/contracts';
import { matchesPathPattern, type PathContext } from './path-pattern.js';
import { splitShellCommand } from './shell-command.js';

/** Tools that change files (`Edit(...)` rules cover them all) and that read files (`Read(...)`). */
const fileEditTools = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Delete', 'Move'];
const fileReadTools = ['Read', 'Grep', 'Glob', 'LS', 'Search'];
/** The tools `acceptEdits` approves without asking. */
const acceptEditsTools = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];

type Purpose = 'allow' | 'deny';
type Question = PathContext & {
  readonly toolName: string;
  readonly input: unknown;
  readonly allowedTools?: readonly string[];
  readonly disallowedTools?: readonly string[];
  /** `permissions.ask` rules: a match asks, whatever the mode or an allow rule say. */
  readonly askTools?: readonly string[];
  /** The client's Claude permission mode (`default`, `acceptEdits`, `plan`, ...). */
  readonly permissionMode?: string;
};

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
  if (matchesAny(question.disallowedTools, 'deny')) return 'deny';
  // An ask rule matches as a deny rule does: any chained command is enough.
  if (toolName !== 'StructuredOutput' && matchesAny(question.askTools, 'deny')) return 'ask';
  // SO-01: the bridge's own tool that carries the answer, never asked about (as in Claude Code).
  if (mode === 'bypassPermissions' || toolName === 'StructuredOutput') return 'allow';
  const allowed = matchesAny(question.allowedTools, 'allow');
  if (mode === 'plan' && (fileEditTools.includes(toolName) || (toolName === 'Bash' && !allowed))) {
    return 'deny';
  }
  if (allowed || (mode === 'acceptEdits' && acceptEditsTools.includes(toolName))) return 'allow';
  return mode === 'dontAsk' ? 'deny' : 'ask';
}

/**
 * Whether a Claude Code rule (`Read`, `Bash(git status:*)`, `Read(./src/**)`, `mcp__server`,
 * `WebFetch(domain:*.example.com)`) covers a call. `Tool()` and `Tool(*)` mean the whole tool,
 * `Edit` / `Read` all file-editing / file-reading tools. An allow rule must match every chained
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
  const covered =
    ruleTool === toolName ||
    (ruleTool === 'Edit' && fileEditTools.includes(toolName)) ||
    (ruleTool === 'Read' && fileReadTools.includes(toolName));
  if (!covered || content === '') return covered;
  const record = isRecord(input) ? input : {};
  if (toolName === 'Bash') {
    return typeof record.command === 'string' && matchesCommand(content, record.command, purpose);
  }
  if (fileEditTools.includes(toolName) || fileReadTools.includes(toolName)) {
    const path = [record.file_path, record.path, record.notebook_path].find(
      (value) => typeof value === 'string' && value !== '',
    );
    return typeof path === 'string' && matchesPathPattern(content, path, question);
  }
  return toolName === 'WebFetch' && matchesDomain(content, record.url);
}

function matchesMcpRule(ruleTool: string, toolName: string): boolean {
  if (!toolName.startsWith('mcp__')) return false;
  const ruleName = ruleTool.endsWith('__*') ? ruleTool.slice(0, -3) : ruleTool;
  if (ruleName === toolName) return true;
  const server = ruleName.slice('mcp__'.length);
  return server !== '' && !server.includes('__') && toolName.startsWith(`${ruleName}__`);
}

function matchesCommand(content: string, command: string, purpose: Purpose): boolean {
  const { commands, hasSubstitution } = splitShellCommand(command);
  if (commands.length === 0) return false;
  const matches = commandMatcher(content);
  if (purpose === 'deny') return matches(command.trim()) || commands.some(matches);
  return !hasSubstitution && commands.every(matches);
}

function commandMatcher(content: string): (command: string) => boolean {
  if (content.endsWith(':*')) {
    const prefix = content.slice(0, -2).trim();
    return (command) =>
      command === prefix || (command.startsWith(prefix) && /\s/.test(command[prefix.length] ?? ''));
  }
  if (!content.includes('*')) return (command) => command === content;
  const escaped = content.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  const expression = new RegExp(`^${escaped.join('.*')}$`, 's');
  return (command) => expression.test(command);
}

function matchesDomain(content: string, url: unknown): boolean {
  if (!content.startsWith('domain:') || typeof url !== 'string' || !URL.canParse(url)) return false;
  const domain = content.slice('domain:'.length).trim().toLowerCase();
  const host = new URL(url).hostname.toLowerCase();
  return domain.startsWith('*.') ? host.endsWith(domain.slice(1)) : host === domain;
}
