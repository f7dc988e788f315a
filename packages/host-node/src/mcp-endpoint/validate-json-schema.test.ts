import { describe, expect, it } from 'vitest';
import { createJsonSchemaValidator } from './validate-json-schema.js';

const { 'json-schema/validate': validate } = createJsonSchemaValidator();
const check = (schema: Record<string, unknown>, value: unknown) =>
  validate?.({ schema, value }, { onMcpMessage: () => undefined });

describe('json-schema/validate', () => {
  it('SO-03 draft-07 by default, every error listed with its place', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, size: { type: 'number' } },
      required: ['city'],
    };
    expect(await check(schema, { city: 'Paris' })).toEqual({ errors: [] });
    expect(await check(schema, { size: 'big' })).toEqual({
      errors: ["/ must have required property 'city'", '/size must be number'],
    });
  });

  it('SO-03 draft 2020-12 by its $schema (zod writes it), and formats are checked', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { email: { type: 'string', format: 'email' } },
    };
    expect(await check(schema, { email: 'a@b.example' })).toEqual({ errors: [] });
    expect(await check(schema, { email: 'nope' })).toEqual({
      errors: ['/email must match format "email"'],
    });
  });

  it('SO-03 a schema Ajv cannot compile fails the operation', async () => {
    await expect(check({ type: 'no-such-type' }, 1)).rejects.toThrow();
  });
});
