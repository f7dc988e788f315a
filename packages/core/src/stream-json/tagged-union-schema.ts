import { z } from 'zod';
import { toSchemaIssues } from './schema-issues.js';

/** Options of {@link createTaggedUnionSchema}. */
export type TaggedUnionSchemaOptions = {
  /** The discriminating key (`type`, `subtype`). Its value must be a string. */
  readonly key: string;
  /** One schema per known tag value. */
  readonly variants: Readonly<Record<string, z.ZodType>>;
  /**
   * `accept`: an object whose tag is not in `variants` passes unchanged (an open union: the
   * protocol grows every release). `reject`: it fails with an issue on the tag.
   */
  readonly unknownTags: 'accept' | 'reject';
};

/**
 * A schema for an object union keyed by a string tag. Unlike `z.discriminatedUnion` it can stay
 * open to tags it does not know, and a known tag with a bad shape reports the variant's own
 * issues (with their paths) instead of a generic "no union member matched".
 *
 * The caller states the output type `T`: it is the hand-written union the variants describe.
 */
export function createTaggedUnionSchema<T>(options: TaggedUnionSchemaOptions): z.ZodType<T> {
  const { key, variants, unknownTags } = options;
  const tags = Object.keys(variants);
  return z.looseObject({ [key]: z.string() }).superRefine((value, context) => {
    const tag = value[key];
    if (typeof tag !== 'string') {
      return;
    }
    const variant = Object.hasOwn(variants, tag) ? variants[tag] : undefined;
    if (variant === undefined) {
      if (unknownTags === 'reject') {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `unknown ${key} '${tag}' (expected one of ${tags.join(', ')})`,
        });
      }
      return;
    }
    const result = variant.safeParse(value);
    if (!result.success) {
      for (const issue of toSchemaIssues(result.error.issues)) {
        context.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
      }
    }
  }) as unknown as z.ZodType<T>;
}

/** Whether `value` is an object whose `key` holds one of `tags`. */
export function hasKnownTag(value: unknown, key: string, tags: ReadonlySet<string>): boolean {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const tag = (value as Record<string, unknown>)[key];
  return typeof tag === 'string' && tags.has(tag);
}
