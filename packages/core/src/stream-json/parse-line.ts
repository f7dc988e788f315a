import { z } from 'zod';
import { errorMessage, isRecord } from '../util/helpers.js';
import { type AuxiliaryMessage, auxiliaryMessageSchemas } from './auxiliary-messages.js';
import {
  type AgentControlRequestMessage,
  agentControlRequestSchemas,
  type ClientControlRequestMessage,
  type ControlCancelRequestMessage,
  type ControlResponseMessage,
  clientControlRequestSchemas,
  controlCancelRequestMessageSchema,
  controlRequestEnvelopeSchema,
  controlResponseSchemas,
  type KeepAliveMessage,
  keepAliveMessageSchema,
} from './control-messages.js';
import {
  type AssistantMessage,
  assistantMessageSchema,
  type ServerUserMessage,
  serverUserMessageSchema,
  type UserMessage,
  userMessageSchema,
} from './conversation-messages.js';
import { type ResultMessage, resultMessageSchemas } from './result-message.js';
import type { SchemaIssue, Unmodelled } from './schema-kit.js';
import { issuesOf, openUnion, own, report } from './schema-kit.js';
import { type StreamEventMessage, streamEventMessageSchema } from './stream-events.js';
import { type SystemMessage, systemMessageSchemas } from './system-messages.js';

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

export type { Unmodelled };

type Schemas = Readonly<Record<string, z.ZodType>>;
type Holder = 'request' | 'response';

/**
 * A `type` modelled only for some `subtypes`: its `subtype` is on the line or, for control lines,
 * on the line's `holder` field. Other types have one schema.
 */
type Subtyped = {
  readonly schema: z.ZodType;
  readonly subtypes: Schemas;
  readonly holder?: Holder;
};
type Entries = Readonly<Record<string, z.ZodType | Subtyped>>;

/** A type told apart by `subtype`: an unknown subtype is kept, with `envelope` still checked. */
function bySubtype(subtypes: Schemas, holder?: Holder, envelope: z.ZodObject = z.object({})) {
  const union = openUnion('subtype', subtypes);
  return { schema: holder ? envelope.extend({ [holder]: union }) : union, subtypes, holder };
}

/** The control lines of one direction: `requests` are the subtypes it may receive. */
const controlEntries = (requests: Schemas): Entries => ({
  // An unknown request still needs its `request_id`: it is answered with an error.
  control_request: bySubtype(requests, 'request', controlRequestEnvelopeSchema),
  control_response: bySubtype(controlResponseSchemas, 'response'),
  control_cancel_request: controlCancelRequestMessageSchema,
  keep_alive: keepAliveMessageSchema,
});

const serverEntries: Entries = {
  system: bySubtype(systemMessageSchemas),
  result: bySubtype(resultMessageSchemas),
  assistant: assistantMessageSchema,
  user: serverUserMessageSchema,
  stream_event: streamEventMessageSchema,
  ...auxiliaryMessageSchemas,
  ...controlEntries(agentControlRequestSchemas),
};

const clientEntries: Entries = {
  user: userMessageSchema,
  ...controlEntries(clientControlRequestSchemas),
};

/**
 * Whether `value` is a modelled line (`known`) and its `label` (`type` or `type/subtype`). With
 * `check`, also the `issues` that make it a bad line; without, only the tags are read.
 */
function classify(entries: Entries, value: unknown, check = true) {
  const bad = (path: string[], message: string) =>
    ({ known: false, label: '', issues: [{ path, message }] }) as const;
  if (!isRecord(value)) return bad([], 'not an object');
  const { type } = value;
  if (typeof type !== 'string') return bad(['type'], 'expected string');
  const entry = own(entries, type);
  if (entry === undefined) return { known: false, label: type, issues: [] };
  if (!('subtypes' in entry))
    return { known: true, label: type, issues: check ? issuesOf(entry, value) : [] };
  const holder = entry.holder ? value[entry.holder] : value;
  const subtype = isRecord(holder) ? holder.subtype : undefined;
  const known = own(entry.subtypes, subtype) !== undefined;
  const issues = check ? issuesOf(entry.schema, value) : [];
  return { known, label: known ? `${type}/${subtype}` : type, issues };
}

const unionOf = <Message>(entries: Entries) =>
  z.unknown().superRefine((value, context) => {
    report(context, classify(entries, value).issues);
  }) as unknown as z.ZodType<Message>;

/** Runtime schema of {@link ServerMessage}: a modelled `type`/subtype must have its shape. */
export const serverMessageSchema = unionOf<ServerMessage>(serverEntries);

/** Runtime schema of {@link ClientMessage}: a modelled `type`/subtype must have its shape. */
export const clientMessageSchema = unionOf<ClientMessage>(clientEntries);

/** Whether a parsed agent-side line is a modelled one. Reads the tags only. */
export const isKnownServerMessage = (message: ServerMessage): message is KnownServerMessage =>
  classify(serverEntries, message, false).known;

/** Whether a parsed client line is a modelled one. Reads the tags only. */
export const isKnownClientMessage = (message: ClientMessage): message is KnownClientMessage =>
  classify(clientEntries, message, false).known;

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

function parseLine<Known>(entries: Entries, line: string): ParseLineResult<Known> {
  const fail = (reason: string) => ({ ok: false, error: { reason, line } }) as const;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return fail(`not JSON: ${errorMessage(error)}`);
  }
  try {
    const { known, label, issues } = classify(entries, value);
    const [first] = issues;
    if (first) return fail(describe(value, label, first));
    // The line's own JSON, typed by the schema it passed: fields the model lacks are kept.
    return { ok: true, known, message: value } as ParseLineResult<Known>;
  } catch (error) {
    // Deeply nested input can exhaust the stack inside the schema walk: still an answer.
    return fail(`unparseable: ${errorMessage(error)}`);
  }
}

/**
 * Parses one line a client wrote. Never throws; the message is the parsed JSON itself, unknown
 * fields included. Unknown `type`s and subtypes come back as `known: false`.
 */
export const parseClientLine = (line: string): ParseClientLineResult =>
  parseLine<KnownClientMessage>(clientEntries, line);

/** Parses one line the agent side wrote; same contract as {@link parseClientLine}. */
export const parseServerLine = (line: string): ParseServerLineResult =>
  parseLine<KnownServerMessage>(serverEntries, line);
