import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { initializeResponseSchema } from './initialize.js';
import { mcpConfigFileSchema } from './mcp-server-config.js';
import { parseClientLine, parseServerLine } from './parse-line.js';
import { permissionResultSchema, permissionUpdateSchema } from './permissions.js';

type Example = {
  readonly source: string;
  readonly kind: string;
  readonly expect: string;
  readonly message: Record<string, unknown>;
};

const examples: readonly Example[] = readFileSync(
  new URL('./__fixtures__/stream-json-examples.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Example);

const payloadSchemas: Readonly<Record<string, z.ZodType>> = {
  'initialize-response': initializeResponseSchema,
  'permission-result': permissionResultSchema,
  'permission-update': permissionUpdateSchema,
  'mcp-config': mcpConfigFileSchema,
};

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** `type`, or `type/subtype` where the type has subtypes. */
function variantOf(message: unknown): string {
  const type = String(field(message, 'type'));
  switch (type) {
    case 'system':
    case 'result':
      return `${type}/${String(field(message, 'subtype'))}`;
    case 'control_request':
      return `${type}/${String(field(field(message, 'request'), 'subtype'))}`;
    case 'control_response':
      return `${type}/${String(field(field(message, 'response'), 'subtype'))}`;
    case 'stream_event':
      return `${type}/${String(field(field(message, 'event'), 'type'))}`;
    default:
      return type;
  }
}

describe('stream-json.md examples', () => {
  it('covers every section and both directions', () => {
    const kinds = new Set(examples.map((example) => example.kind));
    expect([...kinds].sort()).toEqual(
      [
        'client',
        'initialize-response',
        'mcp-config',
        'permission-result',
        'permission-update',
        'server',
      ].sort(),
    );
    expect(examples.length).toBeGreaterThan(100);
  });

  const lineExamples = examples.filter(
    (example) => example.kind === 'client' || example.kind === 'server',
  );

  it.each(
    lineExamples.map((example) => [
      `${example.kind} ${example.expect} (${example.source})`,
      example,
    ]),
  )('%s parses to its variant and round-trips', (_name, example) => {
    const line = JSON.stringify(example.message);
    const result = example.kind === 'client' ? parseClientLine(line) : parseServerLine(line);

    expect(result).toMatchObject({ ok: true, known: true });
    if (!result.ok) {
      return;
    }
    expect(variantOf(result.message)).toBe(example.expect);
    const serialized = JSON.stringify(result.message);
    expect(serialized).not.toContain('\n');
    expect(JSON.parse(serialized)).toEqual(example.message);
  });

  const payloadExamples = examples.filter((example) => example.kind in payloadSchemas);

  it.each(payloadExamples.map((example) => [`${example.expect} (${example.source})`, example]))(
    '%s matches its schema and keeps every field',
    (_name, example) => {
      const schema = payloadSchemas[example.kind];
      const result = schema?.safeParse(example.message);

      expect(result?.success).toBe(true);
      expect(result?.data).toEqual(example.message);
    },
  );

  it('keeps any added unknown field on any example (passthrough property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...lineExamples),
        // A prefix keeps the key clear of modelled optional fields (`uuid`, `errors`, ...).
        fc.string().map((key) => `future_${key}`),
        fc.jsonValue(),
        (example, key, value) => {
          const message = { ...example.message, [key]: value };
          const line = JSON.stringify(message);
          const result = example.kind === 'client' ? parseClientLine(line) : parseServerLine(line);
          expect(result).toMatchObject({ ok: true, known: true });
          if (result.ok) {
            expect(JSON.parse(JSON.stringify(result.message))).toEqual(JSON.parse(line));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
