import type { DependencyContainer } from 'tsyringe';
import { z } from 'zod';
import type { ConfigIssue } from '../errors/agent-error.js';
import { compileQuirkPattern } from '../util/helpers.js';
import { claudePermissionModes } from './claude-permission-mode.js';

/** A strict, read-only part of the manifest: a misspelt key is reported, not ignored. */
const section = <const Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape).readonly();
const list = <const Item extends z.ZodType>(item: Item) => z.array(item).readonly();
const strings = list(z.string());
const stringMap = z.record(z.string(), z.string()).readonly();
const directories = list(z.string().min(1));
const milliseconds = z.number().int().nonnegative();
const dollars = z.number().nonnegative();
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const semver = /^\d+\.\d+\.\d+$/;
const pattern = z
  .string()
  .refine((source) => compileQuirkPattern(source) !== undefined || source === '', {
    message: 'must be a valid regular expression',
  });

/**
 * Runtime schema of {@link BackendManifest}: everything agentbridge knows about one vendor's agent
 * CLI, as data (the bridge and host never branch on an id). `docs/plugins.md` §2 explains each field.
 */
export const backendManifestSchema = section({
  specificationVersion: z.literal('backend-v1'),
  id: z.string().regex(kebab, 'must be lowercase kebab-case (e.g. "gemini", "my-agent")'),
  displayName: z.string().min(1),
  protocol: z.enum(['acp', 'stream-json']),
  launch: section({
    command: z.string(),
    args: strings,
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
    versionArgs: strings.optional(),
    extraDirectories: section({
      posix: directories.optional(),
      win32: directories.optional(),
    }).optional(),
  }),
  env: section({ forward: strings, credentials: strings, defaults: stringMap.optional() }),
  process: section({
    names: strings,
    exitsOnStdinEof: z.boolean(),
    stopGraceMs: milliseconds.optional(),
    handshakeTimeoutMs: z.number().int().positive().optional(),
    cancelGraceMs: z.number().int().positive().optional(),
    /** GA-14: how long the agent may write nothing during a turn (default 10 minutes). */
    stallTimeoutMs: z.number().int().positive().optional(),
  }),
  hints: section({
    install: z.string().optional(),
    login: section({ command: z.string().min(1), args: strings }).optional(),
    loginNote: z.string().optional(),
  }),
  auth: section({ preferredMethodIds: strings }),
  /**
   * SN-01: the agent writes Claude Code's transcripts of its sessions itself (it runs Claude Code):
   * agentbridge writes none, and an unmarked transcript is this agent's own to reopen.
   */
  sessions: section({ writesClaudeTranscripts: z.boolean().optional() }).optional(),
  /** The ACP client methods the bridge offers the agent (carried out by the host under its policy). */
  client: section({ fs: z.boolean().optional(), terminal: z.boolean().optional() }).optional(),
  /**
   * Claude Code's model aliases (`opus`, `sonnet`, `haiku`, `default`) as this agent's model ids
   * or names, most preferred first: the first the agent offers is used (SE-07).
   */
  models: section({
    aliases: z.partialRecord(z.enum(['opus', 'sonnet', 'haiku', 'default']), strings).readonly(),
  }).optional(),
  /** What a turn costs: `reportsUsd` when the agent tells it (`usage_update.cost`), else list prices. */
  cost: section({
    reportsUsd: z.boolean().optional(),
    /** USD per million tokens, by model id. */
    pricesPerMillionTokens: z
      .record(
        z.string(),
        section({ input: dollars, output: dollars, cacheRead: dollars.optional() }),
      )
      .readonly()
      .optional(),
  }).optional(),
  quirks: section({
    permissionModeSynonyms: z
      .partialRecord(z.enum(claudePermissionModes), strings)
      .readonly()
      .optional(),
    modeChangeChunkPattern: pattern.optional(),
    toolNameByKind: stringMap.optional(),
    toolNameByAgentTool: stringMap.optional(),
    toolCallIdPattern: pattern.optional(),
    mcpTitleSuffixPattern: pattern.optional(),
    mcpArgumentEnvelopes: list(
      section({ toolField: z.string().min(1), argumentsField: z.string().min(1) }),
    ).optional(),
    /** An MCP approval naming its call in `rawInput`: dotted paths, `pattern` groups server, tool. */
    mcpApprovalInput: section({
      textPath: z.string().min(1),
      pattern,
      argumentsPath: z.string().min(1),
    }).optional(),
    /** Calls without `rawInput` whose text content is one JSON object take it as `rawInput`. */
    rawInputFromContentJson: z.boolean().optional(),
    toolKindMetaKey: z.string().min(1).optional(),
    toolNameMetaKey: z.string().min(1).optional(),
    toolInputKeys: z
      .record(z.string(), z.record(z.string(), strings).readonly())
      .readonly()
      .optional(),
    rawOutputIsToolResult: z.boolean().optional(),
    loadReplaySettleMs: milliseconds.optional(),
    fatalStderrPatterns: list(pattern).optional(),
    rejectionEndsTurn: z.boolean().optional(),
    supportsSetModel: z.boolean().optional(),
  }),
});

/** What `register…Backend(container, options)` may change in a built-in manifest. */
export const backendOverridesSchema = z.strictObject({
  /** Replaces the command and drops the default (and versioned) arguments. */
  command: z.string().min(1).optional(),
  args: strings.optional(),
  /** Added to `env.defaults` (the parent's own values still win). */
  env: stringMap.optional(),
  /** Replaces `auth.preferredMethodIds`. */
  preferredAuthMethodIds: list(z.string().min(1)).optional(),
});

export type BackendManifest = z.output<typeof backendManifestSchema>;
export type BackendOverrides = z.input<typeof backendOverridesSchema>;
export type BackendLaunch = BackendManifest['launch'];
export type BackendQuirks = BackendManifest['quirks'];

/** What a backend plugin registers under `BackendToken`. */
export type BackendV1 = {
  readonly manifest: BackendManifest;
  /** The package or file that registered it, for duplicate-id errors. */
  readonly source?: string;
};

/** Adds a package's backend(s) to a (child) container. No I/O. */
export type RegisterBackend = (container: DependencyContainer) => void;

/** The shape a plugin module named in `.agentrc` `plugins` must have. */
export type BackendPluginModule = { readonly register: RegisterBackend };

/** Shape-checks a plugin's manifest. Never throws; issues carry a dotted path and a message. */
export function parseBackendManifest(
  value: unknown,
):
  | { readonly ok: true; readonly manifest: BackendManifest }
  | { readonly ok: false; readonly issues: readonly ConfigIssue[] } {
  const result = backendManifestSchema.safeParse(value);
  if (result.success) return { ok: true, manifest: result.data };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return { ok: false, issues };
}
