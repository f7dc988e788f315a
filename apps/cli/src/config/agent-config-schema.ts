import { claudePermissionModes } from '@agentbridge/core/contracts';
import { z } from 'zod';

const backendIdPattern = /^[a-z0-9][a-z0-9-]*$/;

const backendSettingsShape = {
  command: z
    .string({ error: 'must be a command name or path, e.g. "gemini" or "/opt/bin/codex-acp"' })
    .min(1, 'must not be empty: remove the key to use the backend default'),
  args: z.array(z.string(), { error: 'must be a list of strings, e.g. ["--acp"]' }),
  authMethod: z.string({ error: 'must be an ACP auth method id, e.g. "oauth-personal"' }).min(1),
  env: z.record(z.string(), z.string(), {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${VAR}` config example.
    error: 'must map variable names to strings, e.g. { GEMINI_API_KEY: "${GEMINI_API_KEY}" }',
  }),
  model: z.string({ error: 'must be a model id string' }).min(1),
  permissionMode: z.enum(['manual', ...claudePermissionModes], {
    error: `must be one of ${['manual', ...claudePermissionModes].join(', ')}`,
  }),
  handshakeTimeoutMs: z
    .number({ error: 'must be a number of milliseconds, e.g. 120000' })
    .int('must be a whole number of milliseconds')
    .positive('must be greater than 0'),
};

/** The settings a backend can take: top-level keys of `.agentrc` and each `backends.<id>` entry. */
export const backendSettingsSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(backendSettingsShape).map(([key, schema]) => [key, schema.optional()]),
  ) as {
    [Key in keyof typeof backendSettingsShape]: z.ZodOptional<(typeof backendSettingsShape)[Key]>;
  },
);

/** The shape of `.agentrc` (and the user-global config file), after `$VAR` interpolation. */
export const agentConfigSchema = backendSettingsSchema.extend({
  backend: z
    .string({ error: 'must be a backend id string, e.g. "gemini"' })
    .regex(backendIdPattern, 'must be a lowercase backend id such as "gemini", "codex" or "acp"')
    .optional(),
  plugins: z
    .array(z.string().min(1), {
      error:
        'must be a list of package names or paths, e.g. ["@acme/agentbridge-backend-foo", "./local.mjs"]',
    })
    .optional(),
  backends: z
    .record(
      z.string().regex(backendIdPattern, 'backend ids are lowercase kebab-case'),
      backendSettingsSchema,
      {
        error:
          'must map backend ids to settings, e.g. { codex: { command: "/opt/bin/codex-acp" } }',
      },
    )
    .optional(),
  stateDir: z.string({ error: 'must be a directory path' }).min(1).optional(),
});

/** Settings of one backend as written in a config file. */
export type BackendSettings = z.infer<typeof backendSettingsSchema>;

/** A validated `.agentrc`. */
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** The keys `.agentrc` accepts at the top level, for "unknown key" messages. */
export const agentConfigKeys: readonly string[] = Object.keys(agentConfigSchema.shape);

/** The keys a `backends.<id>` entry accepts. */
export const backendSettingsKeys: readonly string[] = Object.keys(backendSettingsShape);
