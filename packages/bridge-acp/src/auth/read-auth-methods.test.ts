import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAuthMethods } from './read-auth-methods.js';

describe('readAuthMethods', () => {
  it('H-06 keeps entries with a non-empty id; the name defaults to the id', () => {
    const raw = [
      { id: 'oauth-personal', name: 'Log in with Google', description: 'Browser sign-in' },
      { id: '', name: 'no id' },
      { name: 'missing id' },
      'garbage',
      null,
      { id: 'gemini-api-key' },
      {
        id: 'openai-api-key',
        name: 'OpenAI key',
        type: 'env_var',
        vars: [{ name: 'OPENAI_API_KEY' }],
      },
    ];
    expect(readAuthMethods(raw)).toEqual([
      {
        id: 'oauth-personal',
        name: 'Log in with Google',
        description: 'Browser sign-in',
        raw: raw[0],
      },
      { id: 'gemini-api-key', name: 'gemini-api-key', raw: raw[5] },
      { id: 'openai-api-key', name: 'OpenAI key', type: 'env_var', raw: raw[6] },
    ]);
  });

  it('H-06 anything but an array yields no methods', () => {
    expect(readAuthMethods(undefined)).toEqual([]);
    expect(readAuthMethods({ id: 'x' })).toEqual([]);
    expect(readAuthMethods(null)).toEqual([]);
  });
});

describe('auth method invariants', () => {
  it('H-06 never throws on any JSON; ids and names are non-empty strings (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const method of readAuthMethods(value)) {
          expect(method.id).not.toBe('');
          expect(method.name).not.toBe('');
        }
      }),
    );
  });
});
