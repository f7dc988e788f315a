import { z } from 'zod';

const strings = z.array(z.string());

/**
 * Runtime check of a `BackendManifest` contributed by a plugin. Loose objects: a newer plugin may
 * carry fields this version does not know. Quirks are checked only for being an object.
 */
export const backendManifestSchema = z.object({
  specificationVersion: z.literal('backend-v1', {
    error: 'must be "backend-v1" (this agentbridge implements version 1 of the backend spec)',
  }),
  id: z
    .string({ error: 'must be a string' })
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a lowercase kebab-case id such as "my-agent"'),
  displayName: z.string({ error: 'must be a string' }).min(1, 'must not be empty'),
  protocol: z.enum(['acp', 'stream-json'], { error: 'must be "acp" or "stream-json"' }),
  launch: z.object({
    command: z.string({ error: 'must be a string (empty: the user must give one)' }),
    args: strings,
    argsByVersion: z.array(z.object({ minVersion: z.string(), args: strings })).optional(),
  }),
  probe: z.object({
    versionArgs: strings.optional(),
    extraDirectories: z.object({ posix: strings.optional(), win32: strings.optional() }).optional(),
  }),
  env: z.object({
    forward: strings,
    credentials: strings,
    defaults: z.record(z.string(), z.string()).optional(),
  }),
  process: z.object({
    names: strings,
    exitsOnStdinEof: z.boolean(),
    stopGraceMs: z.number().nonnegative().optional(),
    handshakeTimeoutMs: z.number().positive().optional(),
  }),
  hints: z.object({
    install: z.string().optional(),
    login: z.object({ command: z.string().min(1), args: strings }).optional(),
    loginNote: z.string().optional(),
  }),
  auth: z.object({ preferredMethodIds: strings }),
  quirks: z.record(z.string(), z.unknown(), { error: 'must be an object (use {} for none)' }),
});

/** Issues found in a manifest, as `path: message` lines; empty when it is valid. */
export function checkBackendManifest(value: unknown): string[] {
  const parsed = backendManifestSchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map(
    (issue) =>
      `manifest${issue.path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('')}: ${issue.message}`,
  );
}
