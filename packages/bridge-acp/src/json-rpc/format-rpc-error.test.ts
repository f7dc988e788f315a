import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRpcError } from './format-rpc-error.js';
import { acpProtocolVersion, authRequiredCode, methodNotFoundCode } from './json-rpc.js';

describe('formatRpcError', () => {
  it('A-08 message, code and data', () => {
    expect(formatRpcError({ code: -32000, message: 'Authentication required' })).toBe(
      'Authentication required (code -32000)',
    );
    expect(formatRpcError({ code: -32603, message: 'Internal error', data: 'boom' })).toBe(
      'Internal error (code -32603): boom',
    );
    expect(formatRpcError({ code: -32602, message: 'Invalid params', data: { path: ['x'] } })).toBe(
      'Invalid params (code -32602): {"path":["x"]}',
    );
  });

  it('A-08 an empty message reads "JSON-RPC error"; code 0 or missing drops the code', () => {
    expect(formatRpcError({ code: 0, message: '' })).toBe('JSON-RPC error');
    expect(formatRpcError({ message: 'closed' })).toBe('closed');
    expect(formatRpcError(undefined)).toBe('JSON-RPC error');
  });

  it('A-08 gap fix: Gemini puts the raw Google error body (a JSON string) in message: its text is used, the code kept', () => {
    // tools/e2e/transcripts/gemini-api-error.jsonl
    expect(
      formatRpcError({
        code: 400,
        message:
          '{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}',
      }),
    ).toBe('API key not valid. Please pass a valid API key. (code 400)');
    expect(formatRpcError({ code: 503, message: '[{"error":{"message":"Overloaded"}}]' })).toBe(
      'Overloaded (code 503)',
    );
  });

  it('A-08 gap fix: codex puts the raw API body in data.message: its text replaces the data', () => {
    // tools/e2e/transcripts/codex-api-error.jsonl
    expect(
      formatRpcError({
        code: -32603,
        message: 'Internal error',
        data: {
          message:
            '{"error":{"message":"Invalid value for reasoning.effort.","type":"invalid_request_error","param":null,"code":null}}',
          codex_error_info: 'other',
        },
      }),
    ).toBe('Internal error (code -32603): Invalid value for reasoning.effort.');
  });

  it('A-08 text that is not an error body is kept as it is', () => {
    expect(formatRpcError({ code: 1, message: '{not json' })).toBe('{not json (code 1)');
    expect(formatRpcError({ code: 1, message: '{"status":"x"}' })).toBe('{"status":"x"} (code 1)');
    expect(formatRpcError({ message: 'm', data: { message: 'plain' } })).toBe(
      'm: {"message":"plain"}',
    );
  });

  it('A-08 never throws and never returns an empty text, whatever the agent sends', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (code, message, data) => {
        const text = formatRpcError({ code, message, data } as never);
        expect(typeof text).toBe('string');
        expect(text).not.toBe('');
      }),
    );
    // A JSON error body never reads as an empty text, in the message or in data.message.
    fc.assert(
      fc.property(fc.json(), (json) => {
        expect(formatRpcError({ message: json })).not.toBe('');
        expect(formatRpcError({ message: 'm', data: { message: json } })).not.toBe('m: ');
      }),
    );
  });

  it('A-09 protocol constants', () => {
    expect([acpProtocolVersion, methodNotFoundCode, authRequiredCode]).toEqual([1, -32601, -32000]);
  });
});
