import { z } from 'zod';
import type { ConfigIssue } from '../errors/agent-error.js';
import { claudePermissionModes } from './claude-permission-mode.js';

/** A strict, read-only part of the manifest: a misspelt key is reported, not ignored. */
const section = <const Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape).readonly();
const list = <const Item extends z.ZodType>(item: Item) => z.array(item).readonly();
const strings = list(z.string());
const stringMap = z.record(z.string(), z.string()).readonly();
const milliseconds = z.number().int().nonnegative();
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const semver = /^\d+\.\d+\.\d+$/;
const pattern = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a valid regular expression' },
);

/**
 * Runtime schema of {@link BackendManifest}: everything agentbridge knows about one vendor's agent
 * CLI, as data (the bridge and host never branch on an id). Patterns are regular expression sources.
 */
export const backendManifestSchema = section({
  specificationVersion: z.literal('backend-v1'),
  /** Lowercase kebab id used in `.agentrc` and `--backend` (`gemini`, `codex`). */
  id: z.string().regex(kebab, 'must be lowercase kebab-case (e.g. "gemini", "my-agent")'),
  /** Human name, shown in `system/init.acp_backend`, `doctor` and messages. */
  displayName: z.string().min(1),
  /** `acp` (JSON-RPC, translated by the bridge) or `stream-json` (a real `claude`, relayed). */
  protocol: z.enum(['acp', 'stream-json']),
  launch: section({
    /** A bare name looked up on PATH, or a path; empty: the user must give one. */
    command: z.string(),
    /** Used when the installed version is unknown or no `argsByVersion` rule matches. */
    args: strings,
    /** The rule with the highest `minVersion` not above the installed version wins. */
    argsByVersion: list(
      section({
        minVersion: z
          .string()
          .regex(semver, 'must be a version "major.minor.patch" (e.g. "0.2.0")'),
        args: strings,
      }),
    ).optional(),
  }),
  probe: section({
    /** Arguments that make the executable print its version (`['--version']`). */
    versionArgs: strings.optional(),
    /** Install directories searched after PATH; `~`, `%NAME%` and `$NAME` are expanded. */
    extraDirectories: section({
      posix: list(z.string().min(1)).optional(),
      win32: list(z.string().min(1)).optional(),
    }).optional(),
  }),
  env: section({
    /** Variables the agent reads; documentation for `doctor` (the whole env is passed on). */
    forward: strings,
    /** Variables holding secrets: their values are never logged or printed. */
    credentials: strings,
    /** Set on the agent's environment when the parent does not set them. */
    defaults: stringMap.optional(),
  }),
  process: section({
    /** Names the agent runs as, shown by `doctor` (orphans are reaped by pid, not name). */
    names: strings,
    /** False when the agent ignores stdin EOF (codex-acp): stopping goes straight to signals. */
    exitsOnStdinEof: z.boolean(),
    /** Between closing stdin and SIGTERM, and between SIGTERM and SIGKILL. */
    stopGraceMs: milliseconds.optional(),
    /** How long the handshake may take before it fails (default 120 000). */
    handshakeTimeoutMs: z.number().int().positive().optional(),
  }),
  hints: section({
    /** How to install the agent (`npm install -g @google/gemini-cli`). */
    install: z.string().optional(),
    /** The command `agentbridge login <id>` runs on the terminal. */
    login: section({ command: z.string().min(1), args: strings }).optional(),
    /** Appended to sign-in failure messages. */
    loginNote: z.string().optional(),
  }),
  /** ACP auth method ids to try first, in order; a configured `authMethod` still wins. */
  auth: section({ preferredMethodIds: strings }),
  /** Vendor differences the bridge absorbs. */
  quirks: section({
    /** Agent mode ids to try per Claude mode before the generic table; `[]`: none. */
    permissionModeSynonyms: z
      .partialRecord(z.enum(claudePermissionModes), strings)
      .readonly()
      .optional(),
    /** A whole `agent_message_chunk` matching it is a mode change; group 1 is the mode id. */
    modeChangeChunkPattern: pattern.optional(),
    /** ACP tool `kind` → Claude tool name, before the generic kind table. */
    toolNameByKind: stringMap.optional(),
    /** The agent's own tool names → Claude tool name (`run_shell_command` → `Bash`). */
    toolNameByAgentTool: stringMap.optional(),
    /** Applied to a `toolCallId`; group 1 is the agent's tool name when the frame names none. */
    toolCallIdPattern: pattern.optional(),
    /** Matched after a title's leading token; group 1 names the MCP server the tool is of. */
    mcpTitleSuffixPattern: pattern.optional(),
    /** How `rawInput` wraps an MCP tool's arguments (codex-acp: `{server, tool, arguments}`). */
    mcpArgumentEnvelopes: list(
      section({ toolField: z.string().min(1), argumentsField: z.string().min(1) }),
    ).optional(),
    /** The `_meta` key whose object's `kind` is the tool kind when a frame has none (Grok). */
    toolKindMetaKey: z.string().min(1).optional(),
    /** `session/load` replays after its answer (Gemini): treat updates as replay until quiet. */
    loadReplaySettleMs: milliseconds.optional(),
    /** Stderr lines meaning the running turn cannot finish. */
    fatalStderrPatterns: list(pattern).optional(),
    /** A rejected permission ends the agent's turn (codex-acp): end the client's normally. */
    rejectionEndsTurn: z.boolean().optional(),
    /** The agent still answers `session/set_model`; else models switch by config option. */
    supportsSetModel: z.boolean().optional(),
  }),
});

export type BackendManifest = z.output<typeof backendManifestSchema>;
export type BackendLaunch = BackendManifest['launch'];
export type BackendQuirks = BackendManifest['quirks'];
export type McpArgumentsEnvelope = NonNullable<BackendQuirks['mcpArgumentEnvelopes']>[number];

/** The outcome of {@link parseBackendManifest}. */
type ParseBackendManifestResult =
  | { readonly ok: true; readonly manifest: BackendManifest }
  | { readonly ok: false; readonly issues: readonly ConfigIssue[] };

/** Shape-checks a plugin's manifest. Never throws; issues carry a dotted path and a message. */
export function parseBackendManifest(value: unknown): ParseBackendManifestResult {
  const result = backendManifestSchema.safeParse(value);
  if (result.success) return { ok: true, manifest: result.data };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return { ok: false, issues };
}
