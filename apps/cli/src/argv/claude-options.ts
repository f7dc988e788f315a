import { claudePermissionModes } from '@agentbridge/core/contracts';
import { Command, Option } from 'commander';

/** `manual` is `claude`'s old name of `default` (the bridge maps it). */
export const permissionModeChoices = ['manual', ...claudePermissionModes] as const;

// One flag per line, in commander's syntax: `support flags | description`. A `~` before the flags
// hides the flag from `--help` (claude 2.1.332 hides it too, or it is the Claude Agent SDK's);
// `{a,b}` lists the allowed values (after `;` ones accepted but not listed, as claude does); a trailing `,` after a variadic flag splits its values on
// commas and spaces. Support: `honoured` has a meaning here; `reported` is accepted and told as
// not honoured (stderr and a `system` warning in-band); `inert` is accepted silently (nothing to
// do: it turns off what agentbridge never does); `refused` is an error with the reason after `!`;
// `own` is agentbridge's (never passed on to a real `claude`). docs/cli-flags.md is this table.
const table = `
honoured -p, --print | Print the answer and exit (the prompt as argument or on stdin)
honoured --output-format <format> {text,json,stream-json} | Output with --print
honoured --input-format <format> {text,stream-json} | Input with --print: stream-json is the SDK's
honoured --verbose | Every message in stream-json output; info logs on stderr
honoured -d, --debug [filter] | Debug logs on stderr (the filter is accepted, not applied)
honoured ~--debug-to-stderr | Same as --debug
honoured --include-partial-messages | Stream events as they arrive (stream-json output)
honoured --replay-user-messages | Echo user messages from stdin (stream-json in and out)
honoured -c, --continue | Continue the latest conversation of this directory
honoured -r, --resume [value] | Resume the conversation with this id (on any backend)
honoured --fork-session | With --resume or --continue: a new session id
honoured ~--resume-session-at <message id> | With --resume: continue from that message (the history up to it)
reported ~--resume-drops-turn <message id> | Resume without the last turn
honoured --session-id <uuid> | Ask for this session id (compared: ACP agents choose theirs)
honoured --model <model> | Model (an alias such as sonnet maps to the backend's tier)
honoured --fallback-model <model> | Models to try when the main one fails
honoured --permission-mode <mode> {acceptEdits,auto,bypassPermissions,manual,dontAsk,plan;default} | Permission mode
honoured --dangerously-skip-permissions | Same as --permission-mode bypassPermissions
inert --allow-dangerously-skip-permissions | Allow bypassPermissions as an option
honoured ~--permission-prompt-tool <tool> | stdio: ask the SDK client (an MCP tool is reported)
honoured --allowedTools, --allowed-tools <tools...>, | Tools allowed without asking
honoured --disallowedTools, --disallowed-tools <tools...>, | Tools denied
honoured --tools <tools...>, | Tools the agent may use ("" none, default all)
honoured --add-dir <directories...> | More directories the tools may reach
honoured --mcp-config <configs...> | MCP servers from JSON files or strings
inert --strict-mcp-config | Only --mcp-config servers (agentbridge passes no others)
honoured --system-prompt <prompt> | System prompt (sent with the first prompt)
honoured ~--system-prompt-file <file> | System prompt from a file
honoured --append-system-prompt <prompt> | Text after the system prompt
honoured ~--append-system-prompt-file <file> | Text after the system prompt, from a file
honoured ~--max-turns <turns> | Stop after this many model turns
honoured --max-budget-usd <amount> | Stop past this cost (when it is known)
honoured ~--max-thinking-tokens <tokens> | Thinking budget (through the agent's thought level)
honoured ~--thinking <mode> {enabled,adaptive,disabled} | Thinking mode
honoured --effort <level> | Effort level (low, medium, high, xhigh, max)
honoured --json-schema <schema> | JSON Schema of each turn's structured output
honoured --settings <file-or-json> | Claude Code settings from a file or JSON
honoured --setting-sources <sources> | Settings files to read (user, project, local)
honoured ~--await-initialize | Wait for the SDK's initialize request
reported --agent <agent> | Claude Code agent for the session
reported --agents <json-or-file> | Claude Code custom agents
reported --autocompact <auto|tokens> | Auto-compact window
reported --ax-screen-reader | Screen-reader output (interactive)
reported --bare | Claude Code's minimal mode
reported --betas <betas...>, | Anthropic API beta headers
reported --brief | Claude Code's SendUserMessage tool
reported --chrome | Claude in Chrome
inert --no-chrome | Claude in Chrome off
reported --debug-file <path> | Debug logs to a file
reported --disable-slash-commands | No skills or commands
reported --exclude-dynamic-system-prompt-sections | Claude Code's system prompt layout
reported --forward-subagent-text | Subagent text as messages
inert --include-hook-events | Hook lifecycle events in the stream
inert --ide | Connect to an IDE
reported -n, --name <name> | Display name of the session
honoured --no-session-persistence | Do not save sessions (no transcript is written)
reported --permission-prompts <target> {host,none} | Who answers permission prompts
reported --plugin-dir <path> | Claude Code plugin directory (repeatable)
reported --plugin-url <url> | Claude Code plugin URL (repeatable)
reported --prompt-suggestions [value] {true,false,1,0,yes,no,on,off} | Prompt suggestions
reported --restricted | Claude Code's restricted mode
reported --safe-mode | Claude Code without customisations
reported --system-prompt-snapshot <on|off> {on,off} | Claude Code's system prompt record
reported ~--thinking-display <display> {summarized,omitted,highlights} | Thinking display
reported ~--task-budget <tokens> | Token budget of a task
reported ~--managed-settings <json> | Managed settings from the SDK
reported ~--managed-settings-in-initialize | Managed settings in the SDK's initialize
reported ~--project-config-root <dir> | Project configuration root
reported ~--plugin-dir-no-mcp <path> | Claude Code plugin directory without its MCP servers
reported ~--initialize-fields <names> | Options the SDK sends in initialize
honoured ~--session-mirror | Send transcript entries to the client's session store
reported ~--channels <servers...> | Channel notifications
refused --bg, --background | !agentbridge runs in the foreground
refused --cloud [description|session_id|url] | !cloud sessions are Anthropic's service
refused --environment <environment_id> | !cloud sessions are Anthropic's service
refused --teleport [session] | !cloud sessions are Anthropic's service
refused --remote-control [name] | !Remote Control is Anthropic's service
refused --remote-control-session-name-prefix <prefix> | !Remote Control is Anthropic's service
refused --desktop | !there is no desktop app
refused --from-pr [value] | !sessions linked to pull requests are Claude Code's
refused --file <specs...> | !file downloads are Anthropic's Files API
refused -w, --worktree [name] | !agentbridge creates no git worktrees
refused --tmux | !agentbridge creates no git worktrees
own --backend <id> | Backend: gemini, codex, qwen, claude-acp, grok, claude, acp, or a plugin's
own --agent-command <command> | The agent executable (replaces the backend's command and arguments)
own --agent-arg <argument> | One argument for the agent (repeatable)
own --config <path> | This config file instead of searching for .agentrc
own --json | doctor: JSON output
honoured -v, --version | The version`;

type Support = 'honoured' | 'reported' | 'inert' | 'refused' | 'own';

/** Every flag of `claude --help` 2.1.332, the hidden ones the Claude Agent SDK writes, and ours. */
export const claudeOptions = table
  .trim()
  .split('\n')
  .map((line) => {
    const [head = '', description = ''] = line.split(' | ');
    const [support = '', ...rest] = head.split(' ');
    const hidden = rest[0]?.startsWith('~') === true;
    const spec = rest.join(' ').replace(/^~/, '');
    const [choices, unlisted = []] = (/\{([^}]+)\}/.exec(spec)?.[1] ?? '')
      .split(';')
      .map((values) => values.split(','));
    const flags = spec.replace(/ \{[^}]+\}/, '').replace(/,$/, '');
    const option = new Option(flags, description.replace(/^!/, ''));
    return {
      /** The long flag without dashes, as the first spelling (`allowedTools`, `no-chrome`). */
      name: (/--([\w-]+)/.exec(flags)?.[1] ?? '') as string,
      flags,
      support: support as Support,
      hidden,
      choices: choices?.[0] ? choices : undefined,
      unlisted,
      splitCommas: spec.endsWith(','),
      description: description.replace(/^!/, ''),
      /** `refused`: why. */
      reason: description.startsWith('!') ? description.slice(1) : undefined,
      arity: option.required ? 'value' : option.optional ? 'optional-value' : 'boolean',
      variadic: option.variadic,
    };
  });

/** The option of a flag by its name (without dashes). */
export const claudeOption = (name: string) => claudeOptions.find((entry) => entry.name === name);

/**
 * The command line as a commander program, as `claude` builds its own: the options of the table
 * (each use reported to `onFlag` with its value, `undefined` for none), `[prompt]` arguments, and
 * `-h, --help`. Errors and help are not written: the caller gets them as `CommanderError`s.
 */
export function createClaudeProgram(onFlag: (name: string, value: string | undefined) => void) {
  const program = new Command('agentbridge')
    .usage('[options] [command] [prompt]')
    .description(
      'A drop-in `claude` that drives any ACP agent (Gemini CLI, codex-acp, Qwen Code, ...).',
    )
    .argument('[prompt...]', 'Your prompt')
    .allowExcessArguments()
    .allowUnknownOption(false)
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} })
    .helpOption('-h, --help', 'This help')
    .configureHelp({ helpWidth: 100 });
  for (const entry of claudeOptions) {
    const option = new Option(entry.flags, optionDescription(entry));
    if (entry.choices) option.choices(entry.choices);
    const { parseArg } = option;
    if (parseArg && entry.unlisted.length > 0)
      option.argParser((value: string, previous: unknown) =>
        entry.unlisted.includes(value) ? value : parseArg(value, previous),
      );
    if (entry.hidden) option.hideHelp();
    program.addOption(option);
    program.on(`option:${option.name()}`, (value: string | null | undefined) =>
      onFlag(entry.name, value ?? undefined),
    );
  }
  return program;
}

function optionDescription(entry: (typeof claudeOptions)[number]): string {
  if (entry.support === 'reported') return `${entry.description} (not honoured, told)`;
  if (entry.support === 'refused') return `Refused: ${entry.description}`;
  return entry.description;
}
