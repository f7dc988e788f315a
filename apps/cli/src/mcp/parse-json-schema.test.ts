import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../argv/parse-command-line.js';

describe('--json-schema', () => {
  it('SO-06 takes a JSON object as the structured output schema, in both spellings', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    expect(parseCommandLine(['--json-schema', JSON.stringify(schema)]).jsonSchema).toEqual(schema);
    expect(parseCommandLine([`--json-schema=${JSON.stringify(schema)}`]).jsonSchema).toEqual(
      schema,
    );
    expect(parseCommandLine([]).jsonSchema).toBeUndefined();
    expect(parseCommandLine(['--json-schema', '{}']).unsupportedFlags).toEqual([]);
  });

  it.each([
    ['{not json', '--json-schema is not a valid JSON Schema: '],
    ['[1,2]', '--json-schema is not a valid JSON Schema: it must be a JSON object'],
    ['"text"', '--json-schema is not a valid JSON Schema: it must be a JSON object'],
  ])('SO-06 refuses %j as a usage error', (text, message) => {
    expect(() => parseCommandLine(['--json-schema', text])).toThrow(message);
  });
});
