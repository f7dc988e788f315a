import type { ClaudePermissionMode } from '@agentbridge/core/contracts';
import { claudePermissionModes, UsageError } from '@agentbridge/core/contracts';
import { optionalEntry } from '../util/optional-entry.js';
import { findFlag } from './claude-flags.js';
import { tokenizeArgv } from './tokenize-argv.js';

/** `--output-format`. */
export type OutputFormat = 'text' | 'json' | 'stream-json';
/** `--input-format`. */
export type InputFormat = 'text' | 'stream-json';
/** The subcommands agentbridge adds to `claude`'s command line. */
export type SubcommandName = 'backends' | 'login' | 'doctor';

/** The names of agentbridge's subcommands. */
export const subcommandNames: readonly SubcommandName[] = ['backends', 'login', 'doctor'];

/**
 * How the bridge runs: `stream-json` (NDJSON in and out: what the Claude Agent SDK runs) or
 * `print` (one prompt from the argument or stdin, answer in the chosen output format).
 */
export type RunMode = 'stream-json' | 'print';

/** agentbridge's own options (flags and the matching `AGENTBRIDGE_*` variables are merged later). */
export type OwnOptions = {
  readonly backend?: string;
  readonly agentCommand?: string;
  readonly agentArgs?: readonly string[];
  readonly config?: string;
  /** `doctor --json`. */
  readonly json: boolean;
};

/** The command line with meaning: everything `claude` accepts that the CLI uses. */
export type CommandLine = {
  readonly subcommand?: { readonly name: SubcommandName; readonly args: readonly string[] };
  readonly help: boolean;
  readonly version: boolean;
  readonly mode: RunMode;
  /** `-p` / `--print` was given. */
  readonly print: boolean;
  /** The positional prompt (print mode), if any. */
  readonly prompt?: string;
  readonly outputFormat: OutputFormat;
  readonly inputFormat: InputFormat;
  readonly verbose: boolean;
  readonly debug: boolean;
  readonly debugToStderr: boolean;
  readonly includePartialMessages: boolean;
  readonly replayUserMessages: boolean;
  /** `--resume <id>`. */
  readonly resume?: string;
  readonly continue: boolean;
  /**
   * `--session-id <uuid>`: the id the client wants. ACP agents choose their own session ids, so it
   * is only compared with the one the agent opened (a note on stderr when they differ).
   */
  readonly sessionId?: string;
  readonly forkSession: boolean;
  /**
   * `--await-initialize`: the client sends `initialize` (with `mcpServers`, `disallowedTools` ...)
   * before anything else, and the ACP handshake waits for it.
   */
  readonly awaitInitialize: boolean;
  readonly model?: string;
  /** `--permission-mode` (`manual` already mapped to `default`), or bypass for `--dangerously-skip-permissions`. */
  readonly permissionMode?: ClaudePermissionMode;
  readonly systemPrompt?: string;
  readonly systemPromptFile?: string;
  readonly appendSystemPrompt?: string;
  readonly appendSystemPromptFile?: string;
  /** Raw `--mcp-config` values (JSON text or file paths), in order. */
  readonly mcpConfigs: readonly string[];
  readonly allowedTools: readonly string[];
  readonly disallowedTools: readonly string[];
  readonly additionalDirectories: readonly string[];
  /** Only `stdio` is honoured; an MCP tool name is noted and ignored. */
  readonly permissionPromptTool?: 'stdio';
  readonly own: OwnOptions;
  /** Unknown flags as written, for one warning line each. */
  readonly unknownFlags: readonly string[];
  /** Canonical names of given flags an ACP agent cannot honour, for one note line each. */
  readonly unsupportedFlags: readonly string[];
  /** The arguments without agentbridge's own options, for a real `claude` (the `claude` backend). */
  readonly passthrough: readonly string[];
};

const outputFormats: readonly OutputFormat[] = ['text', 'json', 'stream-json'];
const inputFormats: readonly InputFormat[] = ['text', 'stream-json'];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Parses a `claude`-compatible command line (without `node` and the script). Throws `UsageError`
 * (exit code 1, `claude`'s wording) for invalid values and invalid combinations; unknown and
 * unsupported flags are returned for warnings, never an error.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const tokens = tokenizeArgv(argv);
  const values = (name: string): readonly string[] => tokens.flags.get(name) ?? [];
  const last = (name: string): string | undefined => values(name).at(-1);
  const has = (name: string): boolean => tokens.counts.has(name);

  const outputFormat = choice('output-format', '<format>', last('output-format'), outputFormats);
  const inputFormat = choice('input-format', '<format>', last('input-format'), inputFormats);
  const permissionMode = parsePermissionMode(
    last('permission-mode'),
    has('dangerously-skip-permissions'),
  );

  const print = has('print');
  const [first, ...rest] = tokens.positionals;
  const subcommand =
    !print && first !== undefined && (subcommandNames as readonly string[]).includes(first)
      ? { name: first as SubcommandName, args: rest }
      : undefined;
  const prompt =
    subcommand || tokens.positionals.length === 0 ? undefined : tokens.positionals.join(' ');

  const resumeValue = last('resume');
  const sessionId = last('session-id');
  const mode: RunMode = (inputFormat ?? 'text') === 'stream-json' ? 'stream-json' : 'print';
  const resolvedOutput = outputFormat ?? 'text';
  const verbose = has('verbose');
  const isSpecial = subcommand !== undefined || has('help') || has('version');

  if (!isSpecial) {
    if (mode === 'stream-json' && resolvedOutput !== 'stream-json') {
      throw new UsageError('Error: --input-format=stream-json requires output-format=stream-json.');
    }
    if (mode === 'print' && resolvedOutput === 'stream-json' && !verbose) {
      throw new UsageError(
        'Error: When using --print, --output-format=stream-json requires --verbose',
      );
    }
    if (has('resume') && !resumeValue) {
      throw new UsageError(
        'Error: --resume requires a session id when not running interactively (agentbridge has no session picker).',
      );
    }
    if (sessionId !== undefined && !uuidPattern.test(sessionId)) {
      throw new UsageError('Error: Invalid session ID. Must be a valid UUID.');
    }
    if (sessionId !== undefined && (resumeValue || has('continue')) && !has('fork-session')) {
      throw new UsageError(
        'Error: --session-id can only be used with --continue or --resume if --fork-session is also specified.',
      );
    }
  }

  const permissionPromptToolValue = last('permission-prompt-tool');
  const unsupportedFlags = [...tokens.counts.keys()].filter(
    (name) => findFlag(name)?.support === 'unsupported',
  );
  if (permissionPromptToolValue !== undefined && permissionPromptToolValue !== 'stdio') {
    unsupportedFlags.push('permission-prompt-tool');
  }

  const agentArgs = values('agent-arg');
  return {
    ...(subcommand ? { subcommand } : {}),
    help: has('help'),
    version: has('version'),
    mode,
    print,
    ...(prompt !== undefined ? { prompt } : {}),
    outputFormat: resolvedOutput,
    inputFormat: inputFormat ?? 'text',
    verbose,
    debug: has('debug'),
    debugToStderr: has('debug-to-stderr'),
    includePartialMessages: has('include-partial-messages'),
    replayUserMessages: has('replay-user-messages'),
    ...optionalEntry('resume', resumeValue || undefined),
    continue: has('continue'),
    ...optionalEntry('sessionId', sessionId),
    forkSession: has('fork-session'),
    awaitInitialize: has('await-initialize'),
    ...optionalEntry('model', last('model')),
    ...optionalEntry('permissionMode', permissionMode),
    ...optionalEntry('systemPrompt', last('system-prompt')),
    ...optionalEntry('systemPromptFile', last('system-prompt-file')),
    ...optionalEntry('appendSystemPrompt', last('append-system-prompt')),
    ...optionalEntry('appendSystemPromptFile', last('append-system-prompt-file')),
    mcpConfigs: values('mcp-config'),
    allowedTools: values('allowedTools'),
    disallowedTools: values('disallowedTools'),
    additionalDirectories: values('add-dir'),
    ...(permissionPromptToolValue === 'stdio' ? { permissionPromptTool: 'stdio' as const } : {}),
    own: {
      ...optionalEntry('backend', last('backend')),
      ...optionalEntry('agentCommand', last('agent-command')),
      ...(has('agent-arg') ? { agentArgs } : {}),
      ...optionalEntry('config', last('config')),
      json: has('json'),
    },
    unknownFlags: tokens.unknownFlags,
    unsupportedFlags,
    passthrough: tokens.passthrough,
  };
}

function choice<Value extends string>(
  flag: string,
  placeholder: string,
  value: string | undefined,
  allowed: readonly Value[],
): Value | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as Value;
  throw new UsageError(
    `error: option '--${flag} ${placeholder}' argument '${value}' is invalid. Allowed choices are ${allowed.join(', ')}.`,
  );
}

function parsePermissionMode(
  value: string | undefined,
  skipPermissions: boolean,
): ClaudePermissionMode | undefined {
  if (value === undefined) return skipPermissions ? 'bypassPermissions' : undefined;
  const mode = value === 'manual' ? 'default' : value;
  if ((claudePermissionModes as readonly string[]).includes(mode))
    return mode as ClaudePermissionMode;
  throw new UsageError(
    `error: option '--permission-mode <mode>' argument '${value}' is invalid. Allowed choices are ${['manual', ...claudePermissionModes].join(', ')}.`,
  );
}
