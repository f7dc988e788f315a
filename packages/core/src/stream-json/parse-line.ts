import { z } from 'zod';
import { errorMessage, isRecord } from '../util/json-value.js';
import type { AuxiliaryMessage } from './auxiliary-messages.js';
import { auxiliaryMessageSchemas } from './auxiliary-messages.js';
import type {
  AgentControlRequestMessage,
  ClientControlRequestMessage,
  ControlCancelRequestMessage,
  ControlResponseMessage,
  KeepAliveMessage,
} from './control-messages.js';
import {
  controlCancelRequestMessageSchema,
  controlRequestEnvelopeSchema,
  controlResponseSchemas,
  keepAliveMessageSchema,
} from './control-messages.js';
import { agentControlRequestSchemas, clientControlRequestSchemas } from './control-requests.js';
import type { AssistantMessage, ServerUserMessage, UserMessage } from './conversation-messages.js';
import {
  assistantMessageSchema,
  serverUserMessageSchema,
  userMessageSchema,
} from './conversation-messages.js';
import type { ResultMessage } from './result-message.js';
import { resultMessageSchemas } from './result-message.js';
import type { SchemaIssue, Unmodelled } from './schema-kit.js';
import { issuesOf, own, report } from './schema-kit.js';
import type { StreamEventMessage } from './stream-events.js';
import { streamEventMessageSchema } from './stream-events.js';
import type { SystemMessage } from './system-messages.js';
import { systemMessageSchemas } from './system-messages.js';

export type { Unmodelled } from './schema-kit.js';

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

/** Any agent-side line; a `type` or subtype this package does not model is kept whole. */
export type ServerMessage = KnownServerMessage | Unmodelled;

/** Every modelled line a client writes (stdin of `claude`). */
export type KnownClientMessage =
  | UserMessage
  | ClientControlRequestMessage
  | ControlResponseMessage
  | ControlCancelRequestMessage
  | KeepAliveMessage;

/**
 * Any client line. A `control_request` of an unknown subtype still has a string `request_id`:
 * answer it with an error `control_response` (`error_code: 'unsupported_request'`).
 */
export type ClientMessage = KnownClientMessage | Unmodelled;

/** Variants of one `type` told apart by the subtype at path `at` (checked on its holder). */
type Subtyped = {
  readonly at: readonly string[];
  readonly variants: Readonly<Record<string, z.ZodType>>;
  /** Checked on the whole line whatever the subtype (a control request needs its id). */
  readonly envelope?: z.ZodType;
};

/** The modelled lines of one direction, by `type`. */
type MessageMap = Readonly<Record<string, z.ZodType | Subtyped>>;

const controlMessages = (requests: Readonly<Record<string, z.ZodType>>): MessageMap => ({
  control_request: {
    at: ['request', 'subtype'],
    variants: requests,
    envelope: controlRequestEnvelopeSchema,
  },
  control_response: { at: ['response', 'subtype'], variants: controlResponseSchemas },
  control_cancel_request: controlCancelRequestMessageSchema,
  keep_alive: keepAliveMessageSchema,
});

const serverMessages: MessageMap = {
  system: { at: ['subtype'], variants: systemMessageSchemas },
  result: { at: ['subtype'], variants: resultMessageSchemas },
  assistant: assistantMessageSchema,
  user: serverUserMessageSchema,
  stream_event: streamEventMessageSchema,
  ...auxiliaryMessageSchemas,
  ...controlMessages(agentControlRequestSchemas),
};

const clientMessages: MessageMap = {
  user: userMessageSchema,
  ...controlMessages(clientControlRequestSchemas),
};

/**
 * Whether `value` is a modelled line of `messages` (`known`), another line kept whole, or a bad one
 * (`issues`); `label` is `type` or `type/subtype`. With `check` false only the tags are read.
 */
function classify(messages: MessageMap, value: unknown, check = true) {
  const bad = (label: string, path: readonly string[], message: string) =>
    ({ known: false, label, issues: [{ path, message }] }) as const;
  if (!isRecord(value)) return bad('', [], 'not an object');
  const { type } = value;
  if (typeof type !== 'string') return bad('', ['type'], 'expected string');
  const entry = own(messages, type);
  if (!entry) return { known: false, label: type, issues: [] };
  if (!('at' in entry))
    return { known: true, label: type, issues: check ? issuesOf(entry, value) : [] };
  let holder: Record<string, unknown> = value;
  let subtype: unknown = value;
  for (const [position, key] of entry.at.entries()) {
    if (!isRecord(subtype)) return bad(type, entry.at.slice(0, position), 'expected object');
    holder = subtype;
    subtype = subtype[key];
  }
  if (typeof subtype !== 'string') return bad(type, entry.at, 'expected string');
  const variant = own(entry.variants, subtype);
  const issues = check
    ? [
        ...(entry.envelope ? issuesOf(entry.envelope, value) : []),
        ...(variant ? issuesOf(variant, holder, entry.at.slice(0, -1)) : []),
      ]
    : [];
  return { known: variant !== undefined, label: variant ? `${type}/${subtype}` : type, issues };
}

const unionOf = <Message>(messages: MessageMap) =>
  z.unknown().superRefine((value, context) => {
    report(context, classify(messages, value).issues);
  }) as unknown as z.ZodType<Message>;

/** Runtime schema of {@link ServerMessage}: a modelled `type`/subtype must have its shape. */
export const serverMessageSchema = unionOf<ServerMessage>(serverMessages);

/** Runtime schema of {@link ClientMessage}: a modelled `type`/subtype must have its shape. */
export const clientMessageSchema = unionOf<ClientMessage>(clientMessages);

/** Whether a parsed agent-side line is a modelled one. Reads the tags only. */
export const isKnownServerMessage = (message: ServerMessage): message is KnownServerMessage =>
  classify(serverMessages, message, false).known;

/** Whether a parsed client line is a modelled one. Reads the tags only. */
export const isKnownClientMessage = (message: ClientMessage): message is KnownClientMessage =>
  classify(clientMessages, message, false).known;

/** Why a line was rejected: `reason` is stable enough for logs (`not JSON: ...`). */
export type ParseLineError = { readonly reason: string; readonly line: string };

/** One parsed line: a modelled message, another kept whole (`known: false`), or an error. */
export type ParseLineResult<Known, Unknown = Unmodelled> =
  | { readonly ok: true; readonly known: true; readonly message: Known }
  | { readonly ok: true; readonly known: false; readonly message: Unknown }
  | { readonly ok: false; readonly error: ParseLineError };

export type ParseClientLineResult = ParseLineResult<KnownClientMessage>;
export type ParseServerLineResult = ParseLineResult<KnownServerMessage>;

/** The reason for an issue: "user message without 'message'" when the field is absent. */
function describe(value: unknown, label: string, { path, message }: SchemaIssue): string {
  if (path.length === 0) return message;
  let holder = value;
  for (const key of path.slice(0, -1)) {
    holder = isRecord(holder) || Array.isArray(holder) ? holder[key as never] : undefined;
  }
  const last = path.at(-1);
  const missing = isRecord(holder) && typeof last === 'string' && holder[last] === undefined;
  const subject = label === '' ? 'message' : `${label} message`;
  const where = path.map(String).join('.');
  return missing ? `${subject} without '${where}'` : `${subject}: '${where}': ${message}`;
}

function parseLine<Known>(messages: MessageMap, line: string): ParseLineResult<Known> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, error: { reason: `not JSON: ${errorMessage(error)}`, line } };
  }
  try {
    const { known, label, issues } = classify(messages, value);
    const [first] = issues;
    if (first) return { ok: false, error: { reason: describe(value, label, first), line } };
    // The line's own JSON, typed by the schema it passed: fields the model lacks are kept.
    return known
      ? { ok: true, known, message: value as Known }
      : { ok: true, known, message: value as Unmodelled };
  } catch (error) {
    // Deeply nested input can exhaust the stack inside the schema walk: still an answer.
    return { ok: false, error: { reason: `unparseable: ${errorMessage(error)}`, line } };
  }
}

/**
 * Parses one line a client wrote. Never throws; the message is the parsed JSON itself, unknown
 * fields included. Unknown `type`s and subtypes come back as `known: false`.
 */
export const parseClientLine = (line: string): ParseClientLineResult =>
  parseLine<KnownClientMessage>(clientMessages, line);

/** Parses one line the agent side wrote; same contract as {@link parseClientLine}. */
export const parseServerLine = (line: string): ParseServerLineResult =>
  parseLine<KnownServerMessage>(serverMessages, line);
