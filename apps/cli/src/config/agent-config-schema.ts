import { ConfigError, type ConfigIssue } from '@agentbridge/core/contracts';
import { z } from 'zod';
import { permissionModeChoices } from '../argv/claude-options.js';
import { closestMatch } from './closest-match.js';

const backendIdPattern = /^[a-z0-9][a-z0-9-]*$/;

const milliseconds = (example: string) =>
  z
    .number({ error: `must be a number of milliseconds, e.g. ${example}` })
    .int('must be a whole number of milliseconds')
    .positive('must be greater than 0');

const bytes = (example: string) =>
  z
    .number({ error: `must be a number of bytes, e.g. ${example}` })
    .int('must be a whole number of bytes')
    .positive('must be greater than 0');

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
  /** EV-03: credential variables the agent gets although its backend does not declare them. */
  passEnv: z.array(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name, e.g. "OPENAI_API_KEY"'),
    { error: 'must be a list of variable names, e.g. ["ANTHROPIC_API_KEY"]' },
  ),
  model: z.string({ error: 'must be a model id string' }).min(1),
  permissionMode: z.enum(permissionModeChoices, {
    error: `must be one of ${permissionModeChoices.join(', ')}`,
  }),
  handshakeTimeoutMs: milliseconds('120000'),
  cancelGraceMs: milliseconds('5000'),
  stallTimeoutMs: milliseconds('600000'),
  // CF-09: the host's caps on the agent's fs/read_text_file and terminal outputByteLimit.
  maxReadBytes: bytes('8388608'),
  maxOutputBytes: bytes('16777216'),
};

/** The settings a backend can take: top-level keys of `.agentrc` and each `backends.<id>` entry. */
const backendSettingsSchema = z.strictObject(backendSettingsShape).partial();

/** The shape of `.agentrc` (and the user's global file), after `$VAR` interpolation. */
const agentConfigSchema = backendSettingsSchema.extend({
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

/**
 * Validates an interpolated config document (empty is `{}`). Throws `ConfigError` naming the file,
 * each wrong key (`backends.codex.args[0]`), how to fix it, and the unset variables the value used
 * (`unset`: variable names by key path, FT-10).
 */
export function validateAgentConfig(
  document: unknown,
  filePath: string,
  unset: ReadonlyMap<string, readonly string[]> = new Map(),
): AgentConfig {
  const parsed = agentConfigSchema.safeParse(document ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.flatMap(toConfigIssues).map((issue) => {
    const names = unset.get(issue.path)?.map((name) => `$${name}`);
    if (!names?.length) return issue;
    const verb = names.length > 1 ? 'are' : 'is';
    return {
      ...issue,
      message: `${issue.message} (it uses ${names.join(', ')}, which ${verb} not set)`,
    };
  });
  throw new ConfigError({ filePath, issues });
}

/** Our wording for a non-object file; one issue per unknown key, with the closest known key. */
function toConfigIssues(issue: z.core.$ZodIssue): ConfigIssue[] {
  if (issue.code === 'invalid_type' && issue.path.length === 0) {
    const message = 'the configuration must be an object of settings, e.g. { backend: "gemini" }';
    return [{ path: '', message }];
  }
  if (issue.code !== 'unrecognized_keys') {
    return [{ path: formatPath(issue.path), message: issue.message }];
  }
  const known = Object.keys(issue.path.length > 0 ? backendSettingsShape : agentConfigSchema.shape);
  return issue.keys.map((key) => {
    const closest = closestMatch(key, known);
    const suggestion = closest ? `did you mean "${closest}"? ` : '';
    const message = `unknown key: ${suggestion}Known keys: ${known.join(', ')}.`;
    return { path: formatPath([...issue.path, key]), message };
  });
}

/** A zod path as `backends.codex.args[0]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    return text ? `${text}.${String(segment)}` : String(segment);
  }, '');
}
