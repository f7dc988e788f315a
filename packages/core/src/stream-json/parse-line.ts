import { z } from 'zod';
import { errorMessage } from '../util/helpers.js';
import { type AuxiliaryMessage, auxiliaryMessageSchemas } from './auxiliary-messages.js';
import {
  type AgentControlRequestMessage,
  agentControlRequestSchemas,
  type ClientControlRequestMessage,
  type ControlCancelRequestMessage,
  type ControlResponseMessage,
  clientControlRequestEnvelopeSchema,
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
const controlEntries = (requests: Schemas, envelope: z.ZodObject): Entries => ({
  // An unknown request still needs its `request_id`: it is answered with an error.
  control_request: bySubtype(requests, 'request', envelope),
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
  ...controlEntries(agentControlRequestSchemas, controlRequestEnvelopeSchema),
};

const clientEntries: Entries = {
  user: userMessageSchema,
  ...controlEntries(clientControlRequestSchemas, clientControlRequestEnvelopeSchema),
};

/** The tags of a line: `type`, and the `subtype` of the line or of its `holder` field. */
const anyObject = z.looseObject({});
const tagsSchema = z.looseObject({ type: z.unknown().optional() });
const subtypeSchema = z.looseObject({ subtype: z.string() });
const idSchema = z.looseObject({ request_id: z.union([z.string(), z.number()]) });

/** What a line says it is, read before (and whatever) its shape: enough to answer a bad line. */
export type LineTags = {
  readonly type?: string;
  /** The `subtype` of the line, of its `request` (control requests) or `response`. */
  readonly subtype?: string;
  /** A control line's `request_id` (of its `response` for a `control_response`): string or number. */
  readonly requestId?: string | number;
};

const fieldOf = <Schema extends z.ZodType>(schema: Schema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? (result.data as z.output<Schema>) : undefined;
};

/** The {@link LineTags} of a parsed JSON value; `undefined` when it is not an object. */
function tagsOf(value: unknown): LineTags | undefined {
  const line = fieldOf(tagsSchema, value);
  if (line === undefined) return undefined;
  const type = typeof line.type === 'string' ? line.type : undefined;
  const holder =
    type === 'control_request' ? line.request : type === 'control_response' ? line.response : line;
  const subtype = fieldOf(subtypeSchema, holder)?.subtype;
  const requestId = fieldOf(idSchema, type === 'control_response' ? holder : line)?.request_id;
  return {
    ...(type === undefined ? {} : { type }),
    ...(subtype === undefined ? {} : { subtype }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

/**
 * Whether `value` is a modelled line (`known`) and its `label` (`type` or `type/subtype`). With
 * `check`, also the `issues` that make it a bad line; without, only the tags are read.
 */
function classify(entries: Entries, value: unknown, check = true) {
  const bad = (path: string[], message: string) =>
    ({ known: false, label: '', issues: [{ path, message }] }) as const;
  const tags = tagsOf(value);
  if (tags === undefined) return bad([], 'not an object');
  const { type, subtype } = tags;
  if (type === undefined) return bad(['type'], 'expected string');
  const entry = own(entries, type);
  if (entry === undefined) return { known: false, label: type, issues: [] };
  if (!('subtypes' in entry))
    return { known: true, label: type, issues: check ? issuesOf(entry, value) : [] };
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

/**
 * Why a line was rejected: `reason` is stable enough for logs (`not JSON: ...`); `tags` (for a
 * JSON object) say what it claims to be, so that a bad control request still gets its answer.
 */
export type ParseLineError = {
  readonly reason: string;
  readonly line: string;
  readonly tags?: LineTags;
};

/** One parsed line: a modelled message, another kept whole (`known: false`), or an error. */
export type ParseLineResult<Known, Unknown = Unmodelled> =
  | { readonly ok: true; readonly known: true; readonly message: Known }
  | { readonly ok: true; readonly known: false; readonly message: Unknown }
  | { readonly ok: false; readonly error: ParseLineError };

export type ParseClientLineResult = ParseLineResult<KnownClientMessage>;
export type ParseServerLineResult = ParseLineResult<KnownServerMessage>;

/** The field of `value` at `key`, when `value` is an object or an array. */
const child = (value: unknown, key: PropertyKey): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;

/** The reason for an issue: "user message without 'message'" when the field is absent. */
function describe(value: unknown, label: string, { path, message }: SchemaIssue): string {
  if (path.length === 0) return message;
  const holder = path.slice(0, -1).reduce(child, value);
  const last = path.at(-1);
  const missing =
    anyObject.safeParse(holder).success &&
    typeof last === 'string' &&
    child(holder, last) === undefined;
  const subject = label === '' ? 'message' : `${label} message`;
  const where = path.map(String).join('.');
  return missing ? `${subject} without '${where}'` : `${subject}: '${where}': ${message}`;
}

function parseLine<Known>(entries: Entries, line: string): ParseLineResult<Known> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, error: { reason: `not JSON: ${errorMessage(error)}`, line } };
  }
  const fail = (reason: string) => {
    const tags = tagsOf(value);
    return { ok: false, error: { reason, line, ...(tags === undefined ? {} : { tags }) } } as const;
  };
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

/** The {@link LineTags} of a line kept whole (`known: false`): how to answer or route it. */
export const lineTagsOf = (message: Unmodelled): LineTags => tagsOf(message) ?? {};
