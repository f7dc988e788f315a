import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeAuthRequired, rankAuthMethods } from './rank-auth-methods.js';
import { readAuthMethods } from './read-auth-methods.js';

const geminiMethods = readAuthMethods([
  { id: 'oauth-personal', name: 'Log in with Google' },
  { id: 'gemini-api-key', name: 'Use Gemini API key' },
  { id: 'vertex-ai', name: 'Vertex AI' },
  { id: 'gateway', name: 'Gateway' },
]);

const ids = (methods: readonly { id: string }[]): string[] => methods.map((method) => method.id);

/**
 * The AU-06 class of a method, read from where the ranking puts it after one reference method of
 * each class (classes 1 to 4 in this order): it lands right after the reference of its own class.
 */
const classifyAuthMethod = (id: string, name: string): number => {
  const references = [
    { id: 'ref-login', name: '' },
    { id: 'ref-device', name: '' },
    { id: 'ref-other', name: '' },
    { id: 'ref-apikey', name: '' },
  ];
  return ids(rankAuthMethods([...references, { id, name }])).indexOf(id);
};

describe('classifyAuthMethod', () => {
  it.each([
    ['oauth-personal', 'Login with Google', 1],
    ['gemini-api-key', 'Use Gemini API key', 4],
    ['vertex-ai', 'Vertex AI', 4],
    ['gateway', '', 4],
    ['chat-gpt-device-code', '', 2],
    ['chatgpt', 'Login with ChatGPT', 1],
    ['unknown-a', '', 3],
    ['apikey', '', 4],
    ['token-login', 'Paste a token', 4],
    ['browser-auth', 'Sign in through Mistral AI Studio', 1],
    ['cline', 'Cline account', 1],
  ] as const)('AU-06 classifies %s / %s as class %i', (id, name, expected) => {
    expect(classifyAuthMethod(id, name)).toBe(expected);
  });

  it('AU-06 first match wins: key words beat device and login words', () => {
    expect(classifyAuthMethod('device-api-key', 'Login')).toBe(4);
    expect(classifyAuthMethod('device-login', '')).toBe(2);
  });
});

describe('rankAuthMethods', () => {
  it('AU-05 scenario 21: browser logins first, key-like last', () => {
    expect(ids(rankAuthMethods(geminiMethods))).toEqual([
      'oauth-personal',
      'gemini-api-key',
      'vertex-ai',
      'gateway',
    ]);
  });

  it('AU-05 scenario 21: the configured method goes first when offered', () => {
    expect(ids(rankAuthMethods(geminiMethods, { configured: 'gemini-api-key' }))[0]).toBe(
      'gemini-api-key',
    );
  });

  it('AU-05 a configured id the agent does not offer is ignored; matching is case-sensitive', () => {
    expect(ids(rankAuthMethods(geminiMethods, { configured: 'GEMINI-API-KEY' }))[0]).toBe(
      'oauth-personal',
    );
    expect(ids(rankAuthMethods(geminiMethods, { configured: 'nope' }))).toHaveLength(4);
  });

  it('AU-05 scenario 12: the Codex order prefers chat-gpt over an API key listed first', () => {
    const codex = readAuthMethods([
      { id: 'api-key', name: 'API key' },
      { id: 'chat-gpt', name: 'ChatGPT' },
      { id: 'chat-gpt-device-code', name: 'ChatGPT (device code)' },
      { id: 'gateway', name: 'Gateway' },
    ]);
    expect(ids(rankAuthMethods(codex))).toEqual([
      'chat-gpt',
      'chat-gpt-device-code',
      'api-key',
      'gateway',
    ]);
  });

  it('AU-05 scenario 21: unknown ids keep the agent order', () => {
    const methods = readAuthMethods([
      { id: 'unknown-b' },
      { id: 'unknown-a' },
      { id: 'unknown-c' },
    ] as never);
    expect(ids(rankAuthMethods(methods))).toEqual(['unknown-b', 'unknown-a', 'unknown-c']);
  });

  it('AU-05 backend preferred ids come after the configured one, in their own order', () => {
    const ranked = rankAuthMethods(geminiMethods, {
      configured: 'gateway',
      preferred: ['vertex-ai', 'gemini-api-key', 'not-offered'],
    });
    expect(ids(ranked)).toEqual(['gateway', 'vertex-ai', 'gemini-api-key', 'oauth-personal']);
  });

  it('AU-05 duplicate ids are dropped, the first one kept', () => {
    const methods = readAuthMethods([
      { id: 'a', name: 'first' },
      { id: 'a', name: 'second' },
    ]);
    expect(rankAuthMethods(methods)).toEqual([methods[0]]);
  });

  const methodArbitrary = fc.record({
    id: fc.constantFrom('oauth', 'api-key', 'device', 'x', 'y', 'gateway', 'login', 'z'),
    name: fc.string({ maxLength: 8 }),
  });

  it('AU-05 the ranking is a permutation of the de-duplicated input (property)', () => {
    fc.assert(
      fc.property(
        fc.array(methodArbitrary, { maxLength: 12 }),
        fc.option(fc.constantFrom('oauth', 'x', 'missing'), { nil: undefined }),
        fc.array(fc.constantFrom('x', 'y', 'gateway', 'missing'), { maxLength: 4 }),
        (methods, configured, preferred) => {
          const unique = methods.filter(
            (method, index) => methods.findIndex((other) => other.id === method.id) === index,
          );
          const ranked = rankAuthMethods(methods, {
            ...(configured !== undefined ? { configured } : {}),
            preferred,
          });
          expect([...ranked].sort(byId)).toEqual([...unique].sort(byId));
          if (configured !== undefined && unique.some((method) => method.id === configured)) {
            expect(ranked[0]?.id).toBe(configured);
          }
        },
      ),
    );
  });

  it('AU-05 without preferences, classes never decrease along the ranking (property)', () => {
    fc.assert(
      fc.property(fc.array(methodArbitrary, { maxLength: 12 }), (methods) => {
        const classes = rankAuthMethods(methods).map((method) =>
          classifyAuthMethod(method.id, method.name),
        );
        expect(classes).toEqual([...classes].sort((left, right) => left - right));
      }),
    );
  });
});

const byId = (left: { id: string }, right: { id: string }): number =>
  left.id < right.id ? -1 : left.id > right.id ? 1 : 0;

describe('AU-13 the method tried first and the API-key class', () => {
  it('AU-13 seed#22 key, vertex, gateway and apikey methods are the API-key class (4); account logins are not', () => {
    expect(classifyAuthMethod('gemini-api-key', 'Use Gemini API key')).toBe(4);
    expect(classifyAuthMethod('vertex-ai', '')).toBe(4);
    expect(classifyAuthMethod('gateway', '')).toBe(4);
    expect(classifyAuthMethod('apikey', '')).toBe(4);
    expect(classifyAuthMethod('oauth-personal', 'Log in with Google')).not.toBe(4);
    expect(classifyAuthMethod('chat-gpt', 'ChatGPT')).not.toBe(4);
  });

  it('AU-13 the method tried first is the first ranked offered id; nothing offered, nothing tried', () => {
    expect(rankAuthMethods(geminiMethods)[0]?.id).toBe('oauth-personal');
    expect(rankAuthMethods(geminiMethods, { configured: 'vertex-ai' })[0]?.id).toBe('vertex-ai');
    expect(rankAuthMethods([], { configured: 'my-method' })[0]).toBeUndefined();
    expect(rankAuthMethods([])[0]).toBeUndefined();
    expect(rankAuthMethods(geminiMethods, { preferred: ['gateway'] })[0]?.id).toBe('gateway');
  });
});

describe('looksLikeAuthRequired', () => {
  it('AU-02 scenario 76: code -32000 always counts', () => {
    expect(looksLikeAuthRequired({ code: -32000, message: 'Something else' })).toBe(true);
    expect(looksLikeAuthRequired({ code: -32000 })).toBe(true);
  });

  it('AU-02 scenario 76: other codes count when the text mentions auth or login', () => {
    expect(looksLikeAuthRequired({ code: -32603, message: 'Authentication required' })).toBe(true);
    expect(looksLikeAuthRequired({ code: -32603, message: 'Please LOGIN first' })).toBe(true);
    expect(
      looksLikeAuthRequired({ code: -32603, message: 'Internal error', data: { hint: 'auth' } }),
    ).toBe(true);
    expect(looksLikeAuthRequired({ code: -32603, message: 'x', data: 'run login' })).toBe(true);
  });

  it('AU-02 scenario 76: unrelated errors (Goose missing provider) do not count', () => {
    expect(
      looksLikeAuthRequired({
        code: -32603,
        message: 'Configuration value not found: GOOSE_PROVIDER',
      }),
    ).toBe(false);
    expect(looksLikeAuthRequired({ code: -32601, message: 'Method not found' })).toBe(false);
    expect(looksLikeAuthRequired({})).toBe(false);
  });
});
