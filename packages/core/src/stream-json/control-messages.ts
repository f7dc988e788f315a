import { z } from 'zod';
import type { AgentControlRequest } from './agent-control-requests.js';
import type { ClientControlRequest } from './client-control-requests.js';
import type { JsonObject, OpenString } from './json-object.js';
import type { MessageVariants } from './message-union-schema.js';

/**
 * A control request envelope. `request_id` is chosen by the sender (the SDK: short base-36
 * strings; the CLI: UUIDs) and answered by exactly one {@link ControlResponseMessage}.
 */
export type ControlRequestMessage<Request> = {
  readonly type: 'control_request';
  /** Chosen by the sender; echoed in the answer's `response.request_id`. */
  readonly request_id: string;
  /** What is asked, told apart by `request.subtype`. */
  readonly request: Request;
};

/** A client → agent control request (stream-json §5.2). */
export type ClientControlRequestMessage = ControlRequestMessage<ClientControlRequest>;

/** An agent → client control request (stream-json §5.3). */
export type AgentControlRequestMessage = ControlRequestMessage<AgentControlRequest>;

/** A successful answer. `response` may be absent or `{}` for acknowledgements. */
export type ControlSuccessResponse = {
  readonly subtype: 'success';
  /** The `request_id` of the request answered. */
  readonly request_id: string;
  /** Subtype-specific payload (`InitializeResponse`, `PermissionResult`, `{mode}`, ...). */
  readonly response?: JsonObject;
};

/** A failed answer (`error_code: 'unsupported_request'` for unknown subtypes). */
export type ControlErrorResponse = {
  readonly subtype: 'error';
  /** The `request_id` of the request answered. */
  readonly request_id: string;
  /** Human-readable failure. */
  readonly error: string;
  readonly error_code?: OpenString<'unsupported_request'>;
};

/**
 * The one answer to a control request, in either direction. The envelope of an `initialize`
 * answer may also carry `pending_permission_requests` and similar lists; they are kept.
 */
export type ControlResponseMessage = {
  readonly type: 'control_response';
  readonly response: ControlSuccessResponse | ControlErrorResponse;
};

/** Withdraws one of the **sender's own** pending requests. Never answered. */
export type ControlCancelRequestMessage = {
  readonly type: 'control_cancel_request';
  /** The sender's pending request to withdraw. */
  readonly request_id: string;
};

/** A heartbeat in either direction; ignore it. */
export type KeepAliveMessage = {
  readonly type: 'keep_alive';
};

/** Runtime schema of a control request envelope whose `request` matches `requestSchema`. */
export function createControlRequestMessageSchema<Request>(
  requestSchema: z.ZodType<Request>,
): z.ZodType<ControlRequestMessage<Request>> {
  return z.looseObject({
    type: z.literal('control_request'),
    request_id: z.string(),
    request: requestSchema,
  }) as unknown as z.ZodType<ControlRequestMessage<Request>>;
}

/**
 * The `control_request`, `control_response`, `control_cancel_request` and `keep_alive` entries of a
 * direction's {@link MessageVariants}, given that direction's request schemas by subtype. An unknown
 * request subtype still needs its `request_id`, so it can be answered with an error.
 */
export function createControlMessageVariants(
  requestSchemas: Readonly<Record<string, z.ZodType>>,
): MessageVariants {
  return {
    control_request: {
      subtypePath: ['request', 'subtype'],
      variants: Object.fromEntries(
        Object.entries(requestSchemas).map(([subtype, requestSchema]) => [
          subtype,
          createControlRequestMessageSchema(requestSchema),
        ]),
      ),
      unknownSubtypeEnvelope: z.looseObject({ request_id: z.string() }),
    },
    control_response: {
      subtypePath: ['response', 'subtype'],
      variants: controlResponseMessageSchemas,
    },
    control_cancel_request: controlCancelRequestMessageSchema,
    keep_alive: keepAliveMessageSchema,
  };
}

/** Runtime schema of {@link ControlSuccessResponse}. */
export const controlSuccessResponseSchema: z.ZodType<ControlSuccessResponse> = z.looseObject({
  subtype: z.literal('success'),
  request_id: z.string(),
  response: z.record(z.string(), z.unknown()).optional(),
});

/** Runtime schema of {@link ControlErrorResponse}. */
export const controlErrorResponseSchema: z.ZodType<ControlErrorResponse> = z.looseObject({
  subtype: z.literal('error'),
  request_id: z.string(),
  error: z.string(),
  error_code: z.string().optional(),
});

const controlResponseEnvelope = (response: z.ZodType) =>
  z.looseObject({ type: z.literal('control_response'), response });

/** Runtime schemas of {@link ControlResponseMessage}, keyed by `response.subtype`. */
export const controlResponseMessageSchemas: Readonly<Record<string, z.ZodType>> = {
  success: controlResponseEnvelope(controlSuccessResponseSchema),
  error: controlResponseEnvelope(controlErrorResponseSchema),
};

/** Runtime schema of {@link ControlCancelRequestMessage}. */
export const controlCancelRequestMessageSchema: z.ZodType<ControlCancelRequestMessage> =
  z.looseObject({ type: z.literal('control_cancel_request'), request_id: z.string() });

/** Runtime schema of {@link KeepAliveMessage}. */
export const keepAliveMessageSchema: z.ZodType<KeepAliveMessage> = z.looseObject({
  type: z.literal('keep_alive'),
});
