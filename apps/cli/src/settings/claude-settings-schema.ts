import { ConfigError } from '@agentbridge/core/contracts';
import { z } from 'zod';
import { permissionModeChoices } from '../argv/claude-options.js';
import { formatPath } from '../config/agent-config-schema.js';

const rules = (example: string) =>
  z.array(z.string({ error: 'must be a permission rule string' }), {
    error: `must be a list of permission rules, e.g. ${example}`,
  });

/** One hook of a matcher: `command` hooks run; the other types are kept to be named (SE-05). */
const hookSchema = z
  .looseObject({
    type: z.string({ error: 'must name the hook type, e.g. "command"' }),
    command: z.string({ error: 'must be a shell command line' }).optional(),
    timeout: z
      .number({ error: 'must be a number of seconds, e.g. 30' })
      .positive('must be greater than 0')
      .optional(),
  })
  .refine((hook) => hook.type !== 'command' || Boolean(hook.command?.trim()), {
    message: 'a command hook needs a "command", e.g. "./scripts/guard.sh"',
    path: ['command'],
  });

const matcherSchema = z.looseObject({
  matcher: z
    .string({ error: 'must be a tool name or pattern, e.g. "Bash" or "Edit|Write"' })
    .optional(),
  hooks: z.array(hookSchema, {
    error: 'must be a list of hooks, e.g. [{ "type": "command", "command": "./guard.sh" }]',
  }),
});

/**
 * SE-02: the keys of Claude Code's `settings.json` that agentbridge reads, checked as Claude Code
 * checks them; every other key (Claude Code has many) is kept and ignored, never an error.
 */
const claudeSettingsSchema = z.looseObject({
  permissions: z
    .looseObject(
      {
        allow: rules('["Bash(npm test:*)", "Read"]').optional(),
        deny: rules('["Bash(rm:*)", "Read(./.env)"]').optional(),
        ask: rules('["Bash(git push:*)"]').optional(),
        additionalDirectories: z
          .array(z.string(), { error: 'must be a list of directories, e.g. ["../docs"]' })
          .optional(),
        defaultMode: z
          .enum(permissionModeChoices, {
            error: `must be one of ${permissionModeChoices.join(', ')}`,
          })
          .optional(),
      },
      { error: 'must be an object, e.g. { "deny": ["Bash(rm:*)"] }' },
    )
    .optional(),
  env: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String), {
      error: 'must map variable names to strings, e.g. { "NODE_ENV": "test" }',
    })
    .optional(),
  model: z.string({ error: 'must be a model name, e.g. "sonnet"' }).min(1).optional(),
  hooks: z
    .record(
      z.string(),
      z.array(matcherSchema, {
        error: 'must be a list of matchers, e.g. [{ "matcher": "Bash", "hooks": [...] }]',
      }),
      { error: 'must map hook events to matchers, e.g. { "PreToolUse": [...] }' },
    )
    .optional(),
  disableAllHooks: z.boolean({ error: 'must be true or false' }).optional(),
  allowManagedHooksOnly: z.boolean({ error: 'must be true or false' }).optional(),
});

/** One settings file, validated. */
export type ClaudeSettings = z.output<typeof claudeSettingsSchema>;

/** Validates a parsed settings document; a wrong key is a `ConfigError` naming its path. */
export function validateClaudeSettings(document: unknown, filePath: string): ClaudeSettings {
  const parsed = claudeSettingsSchema.safeParse(document);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) =>
    issue.path.length === 0
      ? {
          path: '',
          message:
            'the settings must be a JSON object, e.g. { "permissions": { "deny": ["Bash(rm:*)"] } }',
        }
      : { path: formatPath(issue.path), message: issue.message },
  );
  throw new ConfigError({ filePath, issues });
}
