import type {
  AvailableCommand,
  ContentBlock,
  PermissionOption,
  PlanEntry,
  SessionConfigOption,
  ToolCallContent,
  ToolCallLocation,
} from '@agentclientprotocol/sdk/unstable';
import { z } from 'zod';
import {
  isOpenObject,
  lenient,
  listOf,
  loose,
  type OpenObject,
  openObject,
  type UsageMeta,
  usageMeta,
  usageUpdate,
} from './agent-schemas.js';

/*
 * `session/update` and `session/request_permission` as the agent sends them (N-02, T-01, PM-01),
 * lenient as agent-schemas.ts explains. A list's items stay as sent: their readers check each
 * field (`toolOutputFromContent`, `toSlashCommands`, the catalog), so one odd item drops nothing.
 */

const text = loose(z.string());

/** The `_meta` facts of a tool call the bridge reads (T-14, T-21, GA-09); other keys kept. */
const toolMeta = lenient({
  claudeCode: lenient({ toolName: text, toolResponse: z.unknown().optional() }),
  terminal_output: lenient({ data: text }),
  terminal_exit: lenient({ exit_code: loose(z.number()) }),
});

/** A `tool_call` or `tool_call_update` frame, or a permission request's `toolCall` (T-01). */
export const toolFrame = z.looseObject({
  toolCallId: text,
  title: text,
  kind: text,
  status: text,
  name: text,
  rawInput: loose(openObject),
  rawOutput: z.unknown().optional(),
  content: listOf<ToolCallContent>(),
  locations: listOf<ToolCallLocation>(),
  _meta: toolMeta,
});
export type ToolFrame = z.output<typeof toolFrame>;

/** `_meta[key]` (own keys only), for the backend's `quirks.*MetaKey` conventions. */
export const metaField = (meta: OpenObject | undefined, key: string | undefined): unknown =>
  meta !== undefined && key !== undefined && Object.hasOwn(meta, key) ? meta[key] : undefined;

/** T-12: the `kind` a `_meta` carrier object names. */
export const carriedKind = (carrier: unknown): string | undefined =>
  isOpenObject(carrier) && typeof carrier.kind === 'string' ? carrier.kind : undefined;

/** A message chunk: only the fields the turn stream reads (the fast path below builds the same). */
const chunk = z.object({ content: loose(z.custom<ContentBlock>(isOpenObject)), messageId: text });
type Chunk = z.output<typeof chunk>;

/** The updates the bridge reads, by `sessionUpdate`; other kinds are told apart by name only. */
const updateSchemas = {
  agent_message_chunk: chunk,
  agent_thought_chunk: chunk,
  user_message_chunk: chunk,
  tool_call: toolFrame,
  tool_call_update: toolFrame,
  plan: z.looseObject({ entries: listOf<Partial<PlanEntry>>() }),
  usage_update: usageUpdate,
  available_commands_update: z.looseObject({ availableCommands: listOf<AvailableCommand>() }),
  current_mode_update: z.looseObject({ currentModeId: text }),
  config_option_update: z.looseObject({ configOptions: listOf<SessionConfigOption>() }),
} as const;
type Schemas = typeof updateSchemas;
type Kind = keyof Schemas;

/** One parsed update: its kind, its fields, and its `_meta` read for usage (N-02). */
export type SessionUpdateIn =
  | {
      readonly [K in Kind]: { readonly sessionUpdate: K; readonly usage?: UsageMeta } & z.output<
        Schemas[K]
      >;
    }[Kind]
  | {
      readonly sessionUpdate: typeof unmodelled;
      readonly kind: string;
      readonly usage?: UsageMeta;
    };

/** The tag of an update of a kind the bridge does not model (its own kind is in `kind`). */
export const unmodelled = '(unmodelled)';

/** A `session/update` notification: the session, the notification's `_meta` usage, the update. */
export type SessionNotificationIn = {
  readonly sessionId?: string;
  readonly usage?: UsageMeta;
  readonly update: SessionUpdateIn;
};

const notificationHead = lenient({ sessionId: text, _meta: usageMeta, update: loose(openObject) });
const updateHead = z.looseObject({ sessionUpdate: z.unknown().optional(), _meta: usageMeta });

/**
 * The schema path of a `session/update`'s params (N-02): `undefined` when they or their `update`
 * are no object (ignored, as before); an update of a kind not modelled keeps only its name.
 */
export function parseSessionNotification(params: unknown): SessionNotificationIn | undefined {
  const head = notificationHead.parse(params);
  if (head?.update === undefined) return undefined;
  const { sessionUpdate, _meta } = updateHead.parse(head.update);
  const kind = String(sessionUpdate);
  const usage = _meta === undefined ? {} : { usage: _meta };
  const modelled = typeof sessionUpdate === 'string' && Object.hasOwn(updateSchemas, kind);
  const schema = modelled ? updateSchemas[kind as Kind] : undefined;
  const update = (
    schema === undefined
      ? { sessionUpdate: unmodelled, kind, ...usage }
      : { ...schema.parse(head.update), sessionUpdate: kind, ...usage }
  ) as SessionUpdateIn;
  const sessionId = head.sessionId === undefined ? {} : { sessionId: head.sessionId };
  return { ...sessionId, ...(head._meta === undefined ? {} : { usage: head._meta }), update };
}

/** A `session/request_permission`'s params (PM-01): session, tool call frame, options as sent. */
export const permissionRequest = z
  .looseObject({
    sessionId: text,
    toolCall: toolFrame.catch(() => ({})),
    options: listOf<PermissionOption>(),
  })
  .catch(() => ({ toolCall: {} }));
export type PermissionRequestIn = z.output<typeof permissionRequest>;

/**
 * The fast path of the hot path (every chunk): a message or thought chunk without `_meta` read by
 * hand into what {@link parseSessionNotification} returns for it (a property test holds the two
 * equal); `undefined` for anything else, which takes the schema path.
 */
export function readChunk(params: unknown): SessionNotificationIn | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const { sessionId, update, _meta } = params as { [key: string]: unknown };
  if (_meta !== undefined || typeof update !== 'object' || update === null) return undefined;
  const fields = update as { [key: string]: unknown };
  const kind = fields.sessionUpdate;
  if (kind !== 'agent_message_chunk' && kind !== 'agent_thought_chunk') return undefined;
  if (fields._meta !== undefined) return undefined;
  const parsed: { -readonly [Key in keyof Chunk]: Chunk[Key] } & { sessionUpdate: typeof kind } = {
    sessionUpdate: kind,
  };
  if ('content' in fields)
    parsed.content = isOpenObject(fields.content) ? (fields.content as ContentBlock) : undefined;
  if ('messageId' in fields)
    parsed.messageId = typeof fields.messageId === 'string' ? fields.messageId : undefined;
  return typeof sessionId === 'string' ? { sessionId, update: parsed } : { update: parsed };
}
