import { z } from 'zod';

/**
 * `z.object` for protocol shapes: the inferred type is exact (a misspelt field in a built message
 * does not compile), yet parsing keeps unknown fields: the protocol grows and a relay loses nothing.
 */
export const object = <const Shape extends z.ZodRawShape>(shape: Shape) =>
  z.looseObject(shape) as unknown as z.ZodObject<Shape, z.core.$strip>;

/** A JSON object this package does not model (tool input, settings, JSON-RPC), kept whole. */
export const jsonObject = z.record(z.string(), z.unknown());

export const byName = <const Value extends z.ZodType>(value: Value) => z.record(z.string(), value);

export const text = z.string().optional();
export const flag = z.boolean().optional();
export const amount = z.number().optional();
export const strings = z.array(z.string());

/** A variant this package does not model: any object with a string tag, kept whole. */
export type Unmodelled<Key extends string = 'type'> = Record<Key, string> & Record<string, unknown>;

type Schemas = Readonly<Record<string, z.ZodType>>;

/** The union of the outputs of a map of schemas (a {@link byTag} map). */
export type OutputOf<Map extends Schemas> = z.output<Map[keyof Map]>;

type ByTag<Variants extends readonly z.ZodObject[], Key extends string> = {
  readonly [Variant in Variants[number] as z.output<Variant>[Key] & string]: Variant;
};

/** Object schemas by tag: each variant under every literal value of its `key` field. */
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

export const report = (context: z.RefinementCtx, issues: readonly SchemaIssue[]) => {
  for (const { path, message } of issues)
    context.addIssue({ code: 'custom', path: [...path], message });
};

/**
 * A union of `variants` told apart by `key` that stays open: a tag no variant claims is kept whole
 * (the union grows every release); a claimed tag must match its variant, issues keeping their paths.
 */
export function openUnion<const Key extends string, Variants extends Schemas>(
  key: Key,
  variants: Variants,
) {
  return z.looseObject({ [key]: z.string() }).superRefine((value, context) => {
    const variant = own(variants, value[key]);
    if (variant) report(context, issuesOf(variant, value));
  }) as unknown as z.ZodType<OutputOf<Variants> | Unmodelled<Key>>;
}

/** A type guard: whether `value`'s `type` names one of `variants`. */
export const isModelled =
  <Known>(variants: Schemas) =>
  (value: Known | Unmodelled): value is Known =>
    typeof value === 'object' &&
    value !== null &&
    own(variants, Reflect.get(value, 'type')) !== undefined;
