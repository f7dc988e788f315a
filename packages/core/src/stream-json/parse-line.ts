import type { KnownClientMessage, UnknownClientMessage } from './client-message.js';
import { clientMessageVariants } from './client-message.js';
import type { MessageIssue, MessageVariants } from './message-union-schema.js';
import { classifyMessage } from './message-union-schema.js';
import type { KnownServerMessage, UnknownServerMessage } from './server-message.js';
import { serverMessageVariants } from './server-message.js';

/** Why a line was rejected. */
export type ParseLineError = {
  /** Human-readable and stable enough for logs: `not JSON: ...`, `user message without 'message'`. */
  readonly reason: string;
  /** The line as received. */
  readonly line: string;
};

/**
 * The outcome of parsing one line: a modelled message (`known: true`), a message of a type or
 * subtype this package does not model (`known: false`, kept whole), or an error.
 */
export type ParseLineResult<Known, Unknown> =
  | { readonly ok: true; readonly known: true; readonly message: Known }
  | { readonly ok: true; readonly known: false; readonly message: Unknown }
  | { readonly ok: false; readonly error: ParseLineError };

/** The outcome of {@link parseClientLine}; `message` is a `ClientMessage`. */
export type ParseClientLineResult = ParseLineResult<KnownClientMessage, UnknownClientMessage>;

/** The outcome of {@link parseServerLine}; `message` is a `ServerMessage`. */
export type ParseServerLineResult = ParseLineResult<KnownServerMessage, UnknownServerMessage>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isMissing(value: unknown, path: readonly PropertyKey[]): boolean {
  let holder: unknown = value;
  for (const [position, key] of path.entries()) {
    if (typeof key === 'symbol') {
      return false;
    }
    if (Array.isArray(holder) && typeof key === 'number') {
      holder = holder[key];
    } else if (isObject(holder)) {
      if (position === path.length - 1) {
        return !Object.hasOwn(holder, key) || holder[key] === undefined;
      }
      holder = holder[String(key)];
    } else {
      return false;
    }
  }
  return false;
}

function describeIssue(value: unknown, label: string, issue: MessageIssue): string {
  const subject = label === '' ? 'message' : `${label} message`;
  if (issue.path.length === 0) {
    return issue.message;
  }
  const where = issue.path.map(String).join('.');
  return isMissing(value, issue.path)
    ? `${subject} without '${where}'`
    : `${subject}: '${where}': ${issue.message}`;
}

function parseLine<Known, Unknown>(
  variants: MessageVariants,
  line: string,
): ParseLineResult<Known, Unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { reason: `not JSON: ${detail}`, line } };
  }
  try {
    const classification = classifyMessage(variants, value);
    switch (classification.kind) {
      case 'known':
        return { ok: true, known: true, message: value as Known };
      case 'unknown':
        return { ok: true, known: false, message: value as Unknown };
      default: {
        const [first] = classification.issues;
        const reason = first
          ? describeIssue(value, classification.label, first)
          : 'invalid message';
        return { ok: false, error: { reason, line } };
      }
    }
  } catch (error) {
    // Deeply nested input can exhaust the stack inside the schema walk: still an answer, not a throw.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { reason: `unparseable: ${detail}`, line } };
  }
}

/**
 * Parses one line a client wrote (no trailing newline needed). Never throws: a malformed line
 * comes back as `{ ok: false, error: { reason, line } }`. The returned message is the parsed JSON
 * itself, unknown fields included, so serializing it gives the same object back.
 */
export function parseClientLine(line: string): ParseClientLineResult {
  return parseLine<KnownClientMessage, UnknownClientMessage>(clientMessageVariants, line);
}

/**
 * Parses one line the agent side wrote. Never throws; same contract as {@link parseClientLine}.
 */
export function parseServerLine(line: string): ParseServerLineResult {
  return parseLine<KnownServerMessage, UnknownServerMessage>(serverMessageVariants, line);
}
