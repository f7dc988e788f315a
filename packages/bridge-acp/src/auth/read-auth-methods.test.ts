import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lacksItsVariables, readAuthMethods as readTyped } from './read-auth-methods.js';

/** Agent data is untrusted: any JSON value may arrive where the SDK type is declared. */
const readAuthMethods = (value: unknown) => readTyped(value as never);

describe('readAuthMethods', () => {
  it('H-06 AU-13 seed#23 keeps entries with a non-empty id; a method is described by its name, else its id', () => {
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
      {
        id: 'openai-api-key',
        name: 'OpenAI key',
        type: 'env_var',
        variableNames: ['OPENAI_API_KEY'],
        raw: raw[6],
      },
    ]);
  });

  it('AU-13 lacksItsVariables: an env_var method is unusable only when the names are known and all missing', () => {
    const [codexKey, plain] = readAuthMethods([
      {
        type: 'env_var',
        id: 'codex-api-key',
        name: 'Use CODEX_API_KEY',
        vars: [{ name: 'CODEX_API_KEY' }],
      },
      { id: 'chatgpt', name: 'Login with ChatGPT' },
    ]);
    if (codexKey === undefined || plain === undefined) throw new Error('methods not read');
    expect(lacksItsVariables(codexKey, ['HOME'])).toBe(true);
    expect(lacksItsVariables(codexKey, ['CODEX_API_KEY'])).toBe(false);
    expect(lacksItsVariables(codexKey, undefined)).toBe(false);
    expect(lacksItsVariables(plain, [])).toBe(false);
    expect(
      readAuthMethods([{ type: 'env_var', id: 'k', varName: 'KEY' }])[0]?.variableNames,
    ).toEqual(['KEY']);
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
