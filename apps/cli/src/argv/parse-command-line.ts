import { UsageError } from '@agentbridge/core/contracts';
import { closestMatch } from '../config/closest-match.js';
import { parseJsonSchema } from '../mcp/parse-json-schema.js';
import { parseSettingSources } from '../settings/setting-sources.js';
import { claudeOption, type permissionModeChoices } from './claude-options.js';
import { parseLimits } from './parse-limits.js';
import { readArgv } from './read-argv.js';

const subcommandNames = ['backends', 'login', 'doctor', 'help'] as const;
/** `claude -p`'s error when there is no prompt. */
export const printNeedsInput =
  'Error: Input must be provided either through stdin or as a prompt argument when using --print';
/** Without `-p` on a terminal `claude` is interactive; agentbridge is not. */
export const noInteractiveMode =
  'agentbridge: error: agentbridge has no interactive mode: pass a prompt with -p/--print (or on stdin), or run it from the Claude Agent SDK (--input-format stream-json).';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type OutputFormat = 'text' | 'json' | 'stream-json';
type InputFormat = 'text' | 'stream-json';

/** The command line with meaning: everything `claude` accepts that the CLI uses. */
export type CommandLine = ReturnType<typeof parseCommandLine>;

/**
 * Parses a `claude` command line. Unknown options, invalid values and combinations, and refused
 * flags throw `UsageError` (exit 1, in `claude`'s words); flags an ACP agent cannot honour are
 * returned (`unsupportedFlags`: told on stderr and in-band).
 */
export function parseCommandLine(argv: readonly string[]) {
  const tokens = readArgv(argv);
  const values = (name: string): readonly string[] => tokens.flags.get(name) ?? [];
  const last = (name: string): string | undefined => values(name).at(-1);
  const has = (name: string): boolean => tokens.flags.has(name);

  const outputFormat = last('output-format') as OutputFormat | undefined;
  const inputFormat = last('input-format') as InputFormat | undefined;
  const permissionMode =
    (last('permission-mode') as (typeof permissionModeChoices)[number] | undefined) ??
    (has('dangerously-skip-permissions') ? 'bypassPermissions' : undefined);
  const print = has('print');
  const [first, ...rest] = tokens.positionals;
  const subcommandName = subcommandNames.find((name) => !print && name === first);
  const subcommand = subcommandName && { name: subcommandName, args: rest };
  const prompt =
    subcommand || tokens.positionals.length === 0 ? undefined : tokens.positionals.join(' ');
  const resume = last('resume') || undefined;
  const sessionId = last('session-id');
  // `stream-json`: NDJSON in and out (the Claude Agent SDK); `print`: one prompt, one answer.
  const mode = inputFormat === 'stream-json' ? 'stream-json' : 'print';
  const verbose = has('verbose');

  if (!subcommand && !tokens.help && !tokens.version) {
    // FT-10: `agentbridge doctr` is a misspelt command, not a prompt (`-p doctr` sends it).
    const commands = subcommandNames.filter((name) => name !== 'help');
    const near = !print && first && /^[a-z]+$/i.test(first) && closestMatch(first, commands);
    if (near)
      throw new UsageError(
        `agentbridge: error: unknown command '${first}'. Did you mean 'agentbridge ${near}'? To send it as a prompt, use -p '${first}'.`,
      );
    for (const name of tokens.flags.keys()) {
      const reason = claudeOption(name)?.reason;
      if (reason)
        throw new UsageError(`agentbridge: error: --${name} cannot be honoured: ${reason}.`);
    }
    if (mode === 'stream-json' && outputFormat !== 'stream-json') {
      throw new UsageError('Error: --input-format=stream-json requires output-format=stream-json.');
    }
    if (mode === 'print' && outputFormat === 'stream-json' && !verbose) {
      throw new UsageError(
        'Error: When using --print, --output-format=stream-json requires --verbose',
      );
    }
    if (has('include-partial-messages') && outputFormat !== 'stream-json') {
      throw new UsageError(
        'Error: --include-partial-messages requires --print and --output-format=stream-json.',
      );
    }
    if (has('replay-user-messages') && (mode !== 'stream-json' || outputFormat !== 'stream-json')) {
      throw new UsageError(
        'Error: --replay-user-messages requires both --input-format=stream-json and --output-format=stream-json.',
      );
    }
    if (has('resume') && !resume) {
      throw new UsageError(
        'Error: --resume requires a valid session ID or session title when used with --print. Usage: agentbridge -p --resume <session-id|title>',
      );
    }
    if (sessionId !== undefined && !uuidPattern.test(sessionId)) {
      throw new UsageError('Error: Invalid session ID. Must be a valid UUID.');
    }
    if (sessionId !== undefined && (resume || has('continue')) && !has('fork-session')) {
      throw new UsageError(
        'Error: --session-id can only be used with --continue or --resume if --fork-session is also specified.',
      );
    }
  }

  const permissionPromptTool = last('permission-prompt-tool');
  const unsupportedFlags = [...tokens.flags.keys()].filter(
    (name) => claudeOption(name)?.support === 'reported',
  );
  if (permissionPromptTool !== undefined && permissionPromptTool !== 'stdio') {
    unsupportedFlags.push('permission-prompt-tool');
  }
  return {
    subcommand,
    help: tokens.help,
    version: tokens.version,
    mode,
    print,
    prompt,
    outputFormat: outputFormat ?? 'text',
    verbose,
    /** `--debug-to-stderr` is `claude`'s spelling of `--debug`: our logs always go to stderr. */
    debug: has('debug') || has('debug-to-stderr'),
    includePartialMessages: has('include-partial-messages'),
    replayUserMessages: has('replay-user-messages'),
    resume,
    continue: has('continue'),
    /** ACP agents choose their own session ids, so it is only compared (a note if not kept). */
    sessionId,
    forkSession: has('fork-session'),
    /** `--resume-session-at <message uuid>`: the history up to that message (SN-09). */
    resumeSessionAt: last('resume-session-at'),
    /** `--no-session-persistence`: no transcript is written (SN-01). */
    persistSession: !has('no-session-persistence'),
    /** `--session-mirror` (the SDK's `sessionStore`): transcript entries sent as `transcript_mirror` (SN-11). */
    sessionMirror: has('session-mirror'),
    awaitInitialize: has('await-initialize'),
    model: last('model'),
    /** As given, or `bypassPermissions` for `--dangerously-skip-permissions`. */
    permissionMode,
    systemPrompt: last('system-prompt'),
    systemPromptFile: last('system-prompt-file'),
    appendSystemPrompt: last('append-system-prompt'),
    appendSystemPromptFile: last('append-system-prompt-file'),
    mcpConfigs: values('mcp-config'),
    allowedTools: values('allowedTools'),
    disallowedTools: values('disallowedTools'),
    additionalDirectories: values('add-dir'),
    /** `--max-turns`, `--max-budget-usd`, `--tools`, `--effort`, ... (the bridge enforces them). */
    limits: parseLimits(last, (name) => (has(name) ? values(name) : undefined), last('model')),
    /** `--json-schema`: every turn's structured output (SO-06). */
    jsonSchema: parseJsonSchema(last('json-schema')),
    /** `--settings <file-or-json>`: the flag layer of Claude's settings (SE-01). */
    settings: last('settings'),
    /** `--setting-sources user,project,local`; undefined: all of them (SE-01). */
    settingSources: parseSettingSources(last('setting-sources')),
    /** Only `stdio` is honoured; an MCP tool name is noted and ignored. */
    permissionPromptTool: permissionPromptTool === 'stdio' ? ('stdio' as const) : undefined,
    own: {
      backend: last('backend'),
      agentCommand: last('agent-command'),
      agentArgs: has('agent-arg') ? values('agent-arg') : undefined,
      config: last('config'),
      json: has('json'),
    },
    /** Canonical names of given flags an ACP agent cannot honour. */
    unsupportedFlags,
    passthrough: tokens.passthrough,
  };
}

/** One warning per flag an ACP agent cannot honour (never a failure; also told in-band). */
export function formatArgvNotes({ unsupportedFlags }: Pick<CommandLine, 'unsupportedFlags'>) {
  return unsupportedFlags.map(
    (flag) => `agentbridge: warning: --${flag} cannot be honoured by an ACP agent and is ignored\n`,
  );
}
