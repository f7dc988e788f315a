import { agentControlRequestSchemas } from './agent-control-requests.js';
import type { AuxiliaryMessage } from './auxiliary-messages.js';
import { auxiliaryMessageSchemas } from './auxiliary-messages.js';
import type {
  AgentControlRequestMessage,
  ControlCancelRequestMessage,
  ControlResponseMessage,
  KeepAliveMessage,
} from './control-messages.js';
import { createControlMessageVariants } from './control-messages.js';
import type { AssistantMessage, ServerUserMessage } from './conversation-messages.js';
import { assistantMessageSchema, serverUserMessageSchema } from './conversation-messages.js';
import type { JsonObject } from './json-object.js';
import type { MessageVariants } from './message-union-schema.js';
import { createMessageUnionSchema, hasModelledTags } from './message-union-schema.js';
import type { ResultMessage } from './result-message.js';
import { resultMessageSchemas } from './result-message.js';
import type { StreamEventMessage } from './stream-events.js';
import { streamEventMessageSchema } from './stream-events.js';
import type { SystemMessage } from './system-messages.js';
import { systemMessageSchemas } from './system-messages.js';

/** Every modelled line the agent side writes (stdout of `claude`, or the bridge's output). */
export type KnownServerMessage =
  | SystemMessage
  | AssistantMessage
  | ServerUserMessage
  | StreamEventMessage
  | ResultMessage
  | AuxiliaryMessage
  | AgentControlRequestMessage
  | ControlResponseMessage
  | ControlCancelRequestMessage
  | KeepAliveMessage;

/**
 * An agent-side line whose `type` or `subtype` (of `system`, `result`, `control_request`,
 * `control_response`) this package does not model, kept whole. Consumers ignore these, except a
 * `control_request`, which still has a string `request_id` and must be answered with an error.
 */
export type UnknownServerMessage = { readonly type: string } & JsonObject;

/**
 * Any line the agent side writes. Narrow with {@link isKnownServerMessage}. Code that *builds*
 * lines should type them as {@link KnownServerMessage}: the unknown variant accepts any `type`.
 */
export type ServerMessage = KnownServerMessage | UnknownServerMessage;

/** What identifies each modelled agent-side line, with the schema that checks it. */
export const serverMessageVariants: MessageVariants = {
  system: { subtypePath: ['subtype'], variants: systemMessageSchemas },
  assistant: assistantMessageSchema,
  user: serverUserMessageSchema,
  stream_event: streamEventMessageSchema,
  result: { subtypePath: ['subtype'], variants: resultMessageSchemas },
  ...auxiliaryMessageSchemas,
  ...createControlMessageVariants(agentControlRequestSchemas),
};

/**
 * Runtime schema of {@link ServerMessage}: a modelled `type`/`subtype` must have its shape; any
 * other is accepted as an {@link UnknownServerMessage}. The bridge's tests validate every emitted
 * line with it.
 */
export const serverMessageSchema = createMessageUnionSchema<ServerMessage>(serverMessageVariants);

/** Whether a parsed agent-side line is one of the modelled variants. Reads the tags only. */
export function isKnownServerMessage(message: ServerMessage): message is KnownServerMessage {
  return hasModelledTags(serverMessageVariants, message);
}
