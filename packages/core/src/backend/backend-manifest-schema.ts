import { z } from 'zod';
import type { ConfigIssue } from '../errors/config-error.js';
import type { BackendManifest } from './backend-manifest.js';
import { claudePermissionModes } from './claude-permission-mode.js';

const stringList = z.array(z.string());
const nonEmptyStringList = z.array(z.string().min(1));

/** A backend id: lowercase kebab (`gemini`, `claude-agent-acp`). */
const backendIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase kebab-case (e.g. "gemini", "my-agent")');

const semverSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+$/, 'must be a version "major.minor.patch" (e.g. "0.2.0")');

const regularExpressionSourceSchema = z.string().refine(
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
 * Runtime schema of {@link BackendManifest}. Strict: an unknown key is reported (a typo in a
 * third-party manifest should not pass silently). Type-checked against the hand-written type in
 * `backend-manifest-schema.test-d.ts`.
 */
export const backendManifestSchema = z
  .strictObject({
    specificationVersion: z.literal('backend-v1'),
    id: backendIdSchema,
    displayName: z.string().min(1),
    protocol: z.enum(['acp', 'stream-json']),
    launch: z
      .strictObject({
        command: z.string(),
        args: stringList.readonly(),
        argsByVersion: z
          .array(
            z.strictObject({ minVersion: semverSchema, args: stringList.readonly() }).readonly(),
          )
          .readonly()
          .optional(),
      })
      .readonly(),
    probe: z
      .strictObject({
        versionArgs: stringList.readonly().optional(),
        extraDirectories: z
          .strictObject({
            posix: nonEmptyStringList.readonly().optional(),
            win32: nonEmptyStringList.readonly().optional(),
          })
          .readonly()
          .optional(),
      })
      .readonly(),
    env: z
      .strictObject({
        forward: stringList.readonly(),
        credentials: stringList.readonly(),
        defaults: z.record(z.string(), z.string()).readonly().optional(),
      })
      .readonly(),
    process: z
      .strictObject({
        names: stringList.readonly(),
        exitsOnStdinEof: z.boolean(),
        stopGraceMs: z.number().int().nonnegative().optional(),
        handshakeTimeoutMs: z.number().int().positive().optional(),
      })
      .readonly(),
    hints: z
      .strictObject({
        install: z.string().optional(),
        login: z
          .strictObject({ command: z.string().min(1), args: stringList.readonly() })
          .readonly()
          .optional(),
        loginNote: z.string().optional(),
      })
      .readonly(),
    auth: z.strictObject({ preferredMethodIds: stringList.readonly() }).readonly(),
    quirks: z
      .strictObject({
        permissionModeSynonyms: z
          .partialRecord(z.enum(claudePermissionModes), stringList.readonly())
          .readonly()
          .optional(),
        modeChangeChunkPattern: regularExpressionSourceSchema.optional(),
        toolNameByKind: z.record(z.string(), z.string()).readonly().optional(),
        toolNameByAgentTool: z.record(z.string(), z.string()).readonly().optional(),
        toolCallIdPattern: regularExpressionSourceSchema.optional(),
        mcpTitleSuffixPattern: regularExpressionSourceSchema.optional(),
        mcpArgumentEnvelopes: z
          .array(
            z
              .strictObject({ toolField: z.string().min(1), argumentsField: z.string().min(1) })
              .readonly(),
          )
          .readonly()
          .optional(),
        toolKindMetaKey: z.string().min(1).optional(),
        loadReplaySettleMs: z.number().int().nonnegative().optional(),
        fatalStderrPatterns: z.array(regularExpressionSourceSchema).readonly().optional(),
        permissionWithoutToolCall: z.boolean().optional(),
        rejectionSendsNoUpdate: z.boolean().optional(),
        rejectionEndsTurn: z.boolean().optional(),
        supportsSetModel: z.boolean().optional(),
      })
      .readonly(),
  })
  .readonly();

/** The outcome of {@link parseBackendManifest}. */
export type ParseBackendManifestResult =
  | { readonly ok: true; readonly manifest: BackendManifest }
  | { readonly ok: false; readonly issues: readonly ConfigIssue[] };

/**
 * Shape-checks a value that claims to be a {@link BackendManifest} (a third-party plugin's
 * `manifest`). Never throws; issues carry a dotted path (`quirks.fatalStderrPatterns.0`) and a
 * message, ready for `ConfigError`.
 */
export function parseBackendManifest(value: unknown): ParseBackendManifestResult {
  const result = backendManifestSchema.safeParse(value);
  if (result.success) {
    return { ok: true, manifest: result.data };
  }
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  };
}
