import { z } from 'zod';
import type { OutputOf } from './schema-kit.js';
import { amount, byTag, object, strings, text } from './schema-kit.js';

/** A top-level agent-side line that is not a conversation or control line: `type` plus `shape`. */
const auxiliary = <const Type extends string, const Shape extends z.ZodRawShape>(
  type: Type,
  shape: Shape,
) => object({ type: z.literal(type), ...shape, session_id: text, uuid: text });

/** Runtime schemas of the auxiliary agent-side lines (stream-json §4), by `type`. */
export const auxiliaryMessageSchemas = byTag('type', [
  auxiliary('tool_progress', {
    tool_use_id: z.string(),
    tool_name: z.string(),
    parent_tool_use_id: z.string().nullable(),
    elapsed_time_seconds: z.number(),
    task_id: text,
  }),
  auxiliary('tool_use_summary', { summary: z.string(), preceding_tool_use_ids: strings }),
  auxiliary('auth_status', { isAuthenticating: z.boolean(), output: strings, error: text }),
  auxiliary('rate_limit_event', {
    rate_limit_info: z.looseObject({
      status: z.string(),
      resetsAt: amount,
      rateLimitType: text,
      utilization: amount,
    }),
  }),
  /** A suggested next prompt (after `result`, with `promptSuggestions`). */
  auxiliary('prompt_suggestion', { suggestion: z.string() }),
  auxiliary('conversation_reset', { new_conversation_id: z.string(), trigger: text }),
  auxiliary('active_goal', { value: z.unknown() }),
  /** Acknowledges a client user line by its `uuid` (`queued`, `started`, `completed`, ...). */
  auxiliary('command_lifecycle', { command_uuid: z.string(), state: z.string() }),
]);

export type AuxiliaryMessage = OutputOf<typeof auxiliaryMessageSchemas>;
