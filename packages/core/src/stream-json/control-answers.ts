import { z } from 'zod';
import { flag, jsonObject, object, text } from './schema-kit.js';

/**
 * Runtime schemas of what a client answers the agent side's requests with (the success `response`
 * of a `control_response`, stream-json §5.3), read by the receiver once it knows what it asked.
 */

/** `hookSpecificOutput` of a hook's output; PreToolUse's decision fields, others' context. */
export const hookSpecificOutputSchema = object({
  hookEventName: z.string(),
  permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(),
  permissionDecisionReason: text,
  /** The tool input to use instead (a tool input: any JSON object). */
  updatedInput: jsonObject.optional(),
  additionalContext: text,
});

/** Runtime schema of a hook's `SyncHookJSONOutput` (a `hook_callback` answer, a command's JSON). */
export const hookOutputSchema = object({
  continue: flag,
  decision: z.enum(['approve', 'block']).optional(),
  reason: text,
  stopReason: text,
  systemMessage: text,
  suppressOutput: z.unknown().optional(),
  hookSpecificOutput: hookSpecificOutputSchema.optional(),
});

/** Runtime schema of an `AsyncHookJSONOutput`: the hook runs on and decides nothing. */
export const asyncHookOutputSchema = object({ async: z.literal(true) });

/** An MCP JSON-RPC error as the client's in-process server answered it. */
const mcpErrorSchema = object({
  code: z.number(),
  message: z.string(),
  data: z.unknown().optional(),
});

/** Runtime schema of the answer to an `mcp_message`: the server's JSON-RPC response. */
export const mcpMessageAnswerSchema = object({
  mcp_response: z.union([
    object({ error: mcpErrorSchema }),
    /** A result is an open MCP object (`tools/list`, `tools/call`, ...). */
    object({ result: jsonObject }),
  ]),
});

export type HookOutput = z.output<typeof hookOutputSchema>;
export type McpMessageAnswer = z.output<typeof mcpMessageAnswerSchema>;
