import { z } from 'zod';

/** Runtime schema of {@link CodexBackendOptions}; unknown keys are rejected. */
export const codexBackendOptionsSchema = z.strictObject({
  /** Replaces the `codex-acp` command (a bare name on PATH or a path). Drops the default arguments. */
  command: z.string().min(1).optional(),
  /** Replaces the arguments (also those chosen by version). */
  args: z.array(z.string()).optional(),
  /** Extra environment defaults for the agent (the parent's own values still win). */
  env: z.record(z.string(), z.string()).optional(),
  /** ACP auth method ids to try first, replacing `['chatgpt']`. */
  preferredAuthMethodIds: z.array(z.string().min(1)).optional(),
});

/** Overrides accepted by `registerCodexBackend`. */
export type CodexBackendOptions = z.input<typeof codexBackendOptionsSchema>;
