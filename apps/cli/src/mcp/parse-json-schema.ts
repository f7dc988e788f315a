import { errorMessage, isRecord, UsageError } from '@agentbridge/core/contracts';

/** SO-06: `--json-schema <schema>` as `claude` takes it: a JSON object, else a usage error. */
export function parseJsonSchema(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  const invalid = (reason: string) =>
    new UsageError(`Error: --json-schema is not a valid JSON Schema: ${reason}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(errorMessage(error));
  }
  if (!isRecord(value)) throw invalid('it must be a JSON object');
  return value;
}
