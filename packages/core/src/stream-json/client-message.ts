import { clientControlRequestSchemas } from './client-control-requests.js';
import type {
  ClientControlRequestMessage,
  ControlCancelRequestMessage,
  ControlResponseMessage,
  KeepAliveMessage,
} from './control-messages.js';
import { createControlMessageVariants } from './control-messages.js';
import type { UserMessage } from './conversation-messages.js';
import { userMessageSchema } from './conversation-messages.js';
import type { JsonObject } from './json-object.js';
import type { MessageVariants } from './message-union-schema.js';
import { createMessageUnionSchema, hasModelledTags } from './message-union-schema.js';

/** Every modelled line a client writes (stdin of `claude`). */
export type KnownClientMessage =
  | UserMessage
  | ClientControlRequestMessage
  | ControlResponseMessage
  | ControlCancelRequestMessage
  | KeepAliveMessage;

/**
 * A client line whose `type` (or control request `subtype`) this package does not model, kept
 * whole. A `control_request` of an unknown subtype still has a string `request_id`: answer it
 * with an error `control_response` (`error_code: 'unsupported_request'`).
 */
export type UnknownClientMessage = { readonly type: string } & JsonObject;

/**
 * Any line a client writes. Narrow with {@link isKnownClientMessage} before switching on `type`.
 * Code that *builds* lines should type them as {@link KnownClientMessage}.
 */
export type ClientMessage = KnownClientMessage | UnknownClientMessage;

/** What identifies each modelled client line, with the schema that checks it. */
export const clientMessageVariants: MessageVariants = {
  user: userMessageSchema,
  ...createControlMessageVariants(clientControlRequestSchemas),
};

/**
 * Runtime schema of {@link ClientMessage}: a modelled `type`/`subtype` must have its shape; any
 * other is accepted as an {@link UnknownClientMessage}.
 */
export const clientMessageSchema = createMessageUnionSchema<ClientMessage>(clientMessageVariants);

/** Whether a parsed client line is one of the modelled variants. Reads the tags only. */
export function isKnownClientMessage(message: ClientMessage): message is KnownClientMessage {
  return hasModelledTags(clientMessageVariants, message);
}
