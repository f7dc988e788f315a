import { z } from 'zod';
import type { SchemaIssue } from './schema-issues.js';
import { toSchemaIssues } from './schema-issues.js';

/** Variants of one top-level `type` that are told apart by a nested `subtype`. */
export type SubtypeVariants = {
  /** Where the subtype sits: `['subtype']`, `['request', 'subtype']`, `['response', 'subtype']`. */
  readonly subtypePath: readonly string[];
  /** One whole-message schema per known subtype. */
  readonly variants: Readonly<Record<string, z.ZodType>>;
  /** Checked instead when the subtype is unknown (e.g. a control request still needs its id). */
  readonly unknownSubtypeEnvelope?: z.ZodType;
};

/** The modelled messages of one direction: a whole-message schema or subtype variants per `type`. */
export type MessageVariants = Readonly<Record<string, z.ZodType | SubtypeVariants>>;

/** One problem found in a message. */
export type MessageIssue = SchemaIssue;

/** The outcome of {@link classifyMessage}. */
export type MessageClassification =
  | { readonly kind: 'known' }
  | { readonly kind: 'unknown' }
  | {
      readonly kind: 'invalid';
      /** `result`, `system/init`, `control_request/can_use_tool`; empty when `type` is bad. */
      readonly label: string;
      readonly issues: readonly MessageIssue[];
    };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isSubtypeVariants = (entry: z.ZodType | SubtypeVariants): entry is SubtypeVariants =>
  'subtypePath' in entry;

function issuesOf(schema: z.ZodType, value: unknown): readonly MessageIssue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : toSchemaIssues(result.error.issues);
}

/**
 * Decides whether `value` is a modelled message (`known`: its schema passed), a message of a type
 * or subtype this package does not model (`unknown`: kept whole), or a malformed one (`invalid`,
 * with issues). Never throws on JSON input.
 */
export function classifyMessage(variants: MessageVariants, value: unknown): MessageClassification {
  if (!isObject(value)) {
    return { kind: 'invalid', label: '', issues: [{ path: [], message: 'not an object' }] };
  }
  const type = value.type;
  if (typeof type !== 'string') {
    return { kind: 'invalid', label: '', issues: [{ path: ['type'], message: 'expected string' }] };
  }
  const entry = Object.hasOwn(variants, type) ? variants[type] : undefined;
  if (entry === undefined) {
    return { kind: 'unknown' };
  }
  if (!isSubtypeVariants(entry)) {
    const issues = issuesOf(entry, value);
    return issues.length === 0 ? { kind: 'known' } : { kind: 'invalid', label: type, issues };
  }
  let holder: unknown = value;
  const path: string[] = [];
  for (const key of entry.subtypePath) {
    if (!isObject(holder)) {
      return { kind: 'invalid', label: type, issues: [{ path, message: 'expected object' }] };
    }
    path.push(key);
    holder = holder[key];
  }
  if (typeof holder !== 'string') {
    return { kind: 'invalid', label: type, issues: [{ path, message: 'expected string' }] };
  }
  const subtype = holder;
  const variant = Object.hasOwn(entry.variants, subtype) ? entry.variants[subtype] : undefined;
  if (variant === undefined) {
    const issues = entry.unknownSubtypeEnvelope
      ? issuesOf(entry.unknownSubtypeEnvelope, value)
      : [];
    return issues.length === 0 ? { kind: 'unknown' } : { kind: 'invalid', label: type, issues };
  }
  const issues = issuesOf(variant, value);
  return issues.length === 0
    ? { kind: 'known' }
    : { kind: 'invalid', label: `${type}/${subtype}`, issues };
}

/**
 * Whether an already valid message has a modelled `type` (and subtype). Cheap: reads tags only.
 */
export function hasModelledTags(variants: MessageVariants, message: unknown): boolean {
  if (!isObject(message) || typeof message.type !== 'string') {
    return false;
  }
  const entry = Object.hasOwn(variants, message.type) ? variants[message.type] : undefined;
  if (entry === undefined) {
    return false;
  }
  if (!isSubtypeVariants(entry)) {
    return true;
  }
  let holder: unknown = message;
  for (const key of entry.subtypePath) {
    holder = isObject(holder) ? holder[key] : undefined;
  }
  return typeof holder === 'string' && Object.hasOwn(entry.variants, holder);
}

/**
 * A zod schema over {@link classifyMessage}: accepts `known` and `unknown` messages, rejects
 * `invalid` ones with the variant's issues. `T` is the hand-written union it describes.
 */
export function createMessageUnionSchema<T>(variants: MessageVariants): z.ZodType<T> {
  return z.unknown().superRefine((value, context) => {
    const classification = classifyMessage(variants, value);
    if (classification.kind === 'invalid') {
      for (const issue of classification.issues) {
        context.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
      }
    }
  }) as unknown as z.ZodType<T>;
}
