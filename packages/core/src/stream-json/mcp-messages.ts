import { z } from 'zod';
import { jsonObject, object, text } from './schema-kit.js';

/**
 * Runtime schemas of the `params` of the MCP messages the bridge reads itself (the agent's, to an
 * in-process server of the client or to the bridge's own); every other message passes unread.
 */
export const mcpParamsSchemas = {
  initialize: object({ protocolVersion: text }),
  'tools/list': object({ cursor: text }),
  /** A malformed `arguments` reads as none: the call is checked against the schema as `{}`. */
  'tools/call': object({ name: z.string(), arguments: jsonObject.optional().catch(undefined) }),
  'notifications/cancelled': object({ requestId: z.union([z.string(), z.number()]), reason: text }),
};

type McpParamsSchemas = typeof mcpParamsSchemas;

/** The `params` of an MCP message of `method`, parsed; `undefined` when they are not of its shape. */
export function mcpParamsOf<const Method extends keyof McpParamsSchemas>(
  method: Method,
  params: unknown,
): z.output<McpParamsSchemas[Method]> | undefined {
  return mcpParamsSchemas[method].safeParse(params ?? {}).data as
    | z.output<McpParamsSchemas[Method]>
    | undefined;
}
