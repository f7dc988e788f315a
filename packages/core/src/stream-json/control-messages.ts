import { z } from 'zod';
import { agentControlRequestSchemas, clientControlRequestSchemas } from './control-requests.js';
import { jsonObject, object, text } from './schema-kit.js';

/** The envelope of every `control_request`; `request_id` is echoed by its one answer. */
export const controlRequestEnvelopeSchema = object({
  type: z.literal('control_request'),
  request_id: z.string(),
});

const controlRequest = <const Requests extends readonly [z.ZodObject, ...z.ZodObject[]]>(
  requests: Requests,
) => controlRequestEnvelopeSchema.extend({ request: z.discriminatedUnion('subtype', requests) });

const values = <Value>(record: Readonly<Record<string, Value>>) =>
  [...new Set(Object.values(record))] as [Value, ...Value[]];

/** Runtime schema of {@link ClientControlRequestMessage} (client → agent, stream-json §5.2). */
export const clientControlRequestMessageSchema = controlRequest(
  values(clientControlRequestSchemas),
);

/** Runtime schema of {@link AgentControlRequestMessage} (agent → client, stream-json §5.3). */
export const agentControlRequestMessageSchema = controlRequest(values(agentControlRequestSchemas));

/** Runtime schemas of a control response's `response`, by `subtype`. */
export const controlResponseSchemas = {
  /** `response` may be absent or `{}` for acknowledgements. */
  success: object({
    subtype: z.literal('success'),
    request_id: z.string(),
    response: jsonObject.optional(),
  }),
  /** `error_code: 'unsupported_request'` for unknown subtypes. */
  error: object({
    subtype: z.literal('error'),
    request_id: z.string(),
    error: z.string(),
    error_code: text,
  }),
};

/** Runtime schema of {@link ControlResponseMessage}: the one answer to a control request. */
export const controlResponseMessageSchema = object({
  type: z.literal('control_response'),
  response: z.discriminatedUnion('subtype', [
    controlResponseSchemas.success,
    controlResponseSchemas.error,
  ]),
});

/** Runtime schema of {@link ControlCancelRequestMessage}: withdraws the sender's own request. */
export const controlCancelRequestMessageSchema = object({
  type: z.literal('control_cancel_request'),
  request_id: z.string(),
});

/** Runtime schema of {@link KeepAliveMessage}: a heartbeat in either direction. */
export const keepAliveMessageSchema = object({ type: z.literal('keep_alive') });

export type ClientControlRequestMessage = z.output<typeof clientControlRequestMessageSchema>;
export type AgentControlRequestMessage = z.output<typeof agentControlRequestMessageSchema>;
export type ControlResponseMessage = z.output<typeof controlResponseMessageSchema>;
export type ControlCancelRequestMessage = z.output<typeof controlCancelRequestMessageSchema>;
export type KeepAliveMessage = z.output<typeof keepAliveMessageSchema>;
