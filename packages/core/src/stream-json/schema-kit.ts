import { z } from 'zod';
import { isRecord } from '../util/json-value.js';

/**
 * `z.object` for protocol shapes. The inferred type is exact (no index signature: a misspelt field
 * in a built message does not compile), yet parsing keeps unknown fields, as the protocol grows
 * every release and a relay must lose nothing.
 */
export const object = <const Shape extends z.ZodRawShape>(shape: Shape) =>
  z.looseObject(shape) as unknown as z.ZodObject<Shape, z.core.$strip>;

/** A JSON object this package does not model (tool input, settings, JSON-RPC), kept whole. */
export const jsonObject = z.record(z.string(), z.unknown());

/** Values by name (servers, agents, hook events). */
export const byName = <const Value extends z.ZodType>(value: Value) => z.record(z.string(), value);

export const text = z.string().optional();
export const flag = z.boolean().optional();
export const amount = z.number().optional();
export const strings = z.array(z.string());

/** A variant this package does not model: any object with a string tag, kept whole. */
export type Unmodelled<Key extends string = 'type'> = Record<Key, string> & Record<string, unknown>;

/** Object schemas keyed by the literal value(s) of their `Key` field. */
type ByTag<Variants extends readonly z.ZodObject[], Key extends string> = {
  readonly [Variant in Variants[number] as z.output<Variant>[Key] & string]: Variant;
};

/** Builds a {@link ByTag} map: each variant under every literal value of its `key` field. */
export function byTag<const Key extends string, const Variants extends readonly z.ZodObject[]>(
  key: Key,
  variants: Variants,
): ByTag<Variants, Key> {
  const map: Record<string, z.ZodObject> = {};
  for (const variant of variants) {
    for (const tag of (variant.shape[key] as z.ZodLiteral)._zod.values) map[String(tag)] = variant;
  }
  return map as ByTag<Variants, Key>;
}

/** The entry of `record` under `key`, own properties only. */
export const own = <Value>(record: Readonly<Record<string, Value>>, key: unknown) =>
  typeof key === 'string' && Object.hasOwn(record, key) ? record[key] : undefined;

/** One problem found by a schema, with the path from the checked value to the bad field. */
export type SchemaIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

const depth = (issues: readonly z.core.$ZodIssue[]) =>
  Math.max(0, ...issues.map((issue) => issue.path.length));

/** The issues of checking `value`, under `path`; a failed union reports its deepest branch. */
export function issuesOf(schema: z.ZodType, value: unknown, path: readonly PropertyKey[] = []) {
  const flatten = (issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]) =>
    issues.flatMap((issue): SchemaIssue[] => {
      const at = [...prefix, ...issue.path];
      if (issue.code !== 'invalid_union' || issue.errors.length === 0) {
        return [{ path: at, message: issue.message }];
      }
      return flatten(
        issue.errors.reduce((best, next) => (depth(next) > depth(best) ? next : best)),
        at,
      );
    });
  const result = schema.safeParse(value);
  return result.success ? [] : flatten(result.error.issues, path);
}

/** Reports `issues` on a refinement context. */
export const report = (context: z.RefinementCtx, issues: readonly SchemaIssue[]) => {
  for (const { path, message } of issues)
    context.addIssue({ code: 'custom', path: [...path], message });
};

/**
 * A union of `variants` told apart by `key` that stays open: a tag no variant claims is kept whole
 * (the union grows every release); a claimed tag must match its variant, issues keeping their paths.
 */
export function openUnion<const Key extends string, Variants extends Record<string, z.ZodType>>(
  key: Key,
  variants: Variants,
) {
  return z.looseObject({ [key]: z.string() }).superRefine((value, context) => {
    const variant = own<z.ZodType>(variants, value[key]);
    if (variant) report(context, issuesOf(variant, value));
  }) as unknown as z.ZodType<z.output<Variants[keyof Variants]> | Unmodelled<Key>>;
}

/** A type guard: whether `value`'s `key` names one of `variants`. */
export const isModelled =
  <Known, Key extends string = 'type'>(variants: Record<string, unknown>, key = 'type' as Key) =>
  (value: Known | Unmodelled<Key>): value is Known =>
    isRecord(value) && own(variants, value[key]) !== undefined;
