import { describe, expect, it } from 'vitest';
import { formatRpcError } from './format-rpc-error.js';
import { acpProtocolVersion, authRequiredCode, methodNotFoundCode } from './json-rpc-message.js';

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

  it('A-09 protocol constants', () => {
    expect([acpProtocolVersion, methodNotFoundCode, authRequiredCode]).toEqual([1, -32601, -32000]);
  });
});
