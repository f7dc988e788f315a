import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyJsonRpc, looksLikeJsonRpc, parseJsonRpcLine } from './parse-json-rpc-line.js';

describe('parseJsonRpcLine', () => {
  it('seed#20 A-05 only lines whose first non-blank character is { count as protocol', () => {
    expect(looksLikeJsonRpc('{"jsonrpc":"2.0"}')).toBe(true);
    expect(looksLikeJsonRpc('   \t{"a":1}')).toBe(true);
    expect(looksLikeJsonRpc('Please open https://example.com/device')).toBe(false);
    expect(looksLikeJsonRpc('\u001b[32m{"a":1}')).toBe(false);
    expect(looksLikeJsonRpc('')).toBe(false);
    expect(looksLikeJsonRpc(null)).toBe(false);
  });

  it('seed#77 A-05 A-06 A-07 classifies requests, notifications and responses; ignores the rest', () => {
    expect(parseJsonRpcLine('')).toBeUndefined();
    expect(parseJsonRpcLine('Gemini CLI v1')).toBeUndefined();
    expect(parseJsonRpcLine('{"jsonrpc":"2.0"}')).toBeUndefined();
    expect(parseJsonRpcLine('{oops')).toBeUndefined();
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":null,"error":{"code":-32700}}')).toBeUndefined();
    expect(
      parseJsonRpcLine('{"method":"fs/read_text_file","params":{},"id":"abc","jsonrpc":"2.0"}'),
    ).toEqual({
      kind: 'request',
      id: 'abc',
      method: 'fs/read_text_file',
      params: {},
    });
    expect(
      parseJsonRpcLine('{"jsonrpc":"2.0","method":"session/update","params":{"x":1},"id":null}'),
    ).toEqual({
      kind: 'notification',
      method: 'session/update',
      params: { x: 1 },
    });
    expect(parseJsonRpcLine('{"result":{"ok":true},"jsonrpc":"2.0","id":3}')).toEqual({
      kind: 'response',
      id: 3,
      result: { ok: true },
      error: undefined,
    });
    expect(
      parseJsonRpcLine('{"jsonrpc":"2.0","id":4,"error":{"code":-32000,"message":"auth"}}'),
    ).toMatchObject({
      kind: 'response',
      id: 4,
      error: { code: -32000, message: 'auth' },
    });
  });

  it('A-05 never throws, whatever the line', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json().map((json) => json),
        ),
        (line) => {
          parseJsonRpcLine(line);
          classifyJsonRpc(line);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
