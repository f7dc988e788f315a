import { z } from 'zod';

/**
 * A JSON object whose fields this package does not model (tool inputs, hook inputs, settings,
 * JSON-RPC payloads). Kept whole.
 */
export type JsonObject = { readonly [key: string]: unknown };

/** Runtime schema of {@link JsonObject}: any non-array object. */
export const jsonObjectSchema: z.ZodType<JsonObject> = z.record(z.string(), z.unknown());

/**
 * A string-valued field whose documented values are listed, but which may gain values in later
 * releases: the listed literals keep editor completion, any other string is still accepted.
 */
export type OpenString<Known extends string> = Known | (string & {});
