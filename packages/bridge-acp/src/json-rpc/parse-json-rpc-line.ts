import type { JsonRpcError, JsonRpcId, JsonRpcInbound } from './json-rpc-message.js';

/**
 * Parses and classifies one line the agent wrote. Returns `undefined` for blank lines,
 * lines not starting with `{`, unparseable JSON, non-objects, and objects with neither `method` nor a
 * non-null `id` (so `id:null` parse-error responses are not recognised). Key order is irrelevant.
 */
export function parseJsonRpcLine(line: string): JsonRpcInbound | undefined {
  if (!looksLikeJsonRpc(line)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  return classifyJsonRpc(value);
}

/** True when the first non-whitespace character of `line` is `{` (the transport's protocol test). */
export function looksLikeJsonRpc(line: string | null | undefined): boolean {
  if (typeof line !== 'string') return false;
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    if (code === 0x7b) return true;
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d && code !== 0x0a) return false;
  }
  return false;
}

/** Classifies an already parsed value. */
export function classifyJsonRpc(value: unknown): JsonRpcInbound | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const method = record.method;
  const id = toId(record.id);
  if (typeof method === 'string' && method !== '') {
    return id === undefined
      ? { kind: 'notification', method, params: record.params }
      : { kind: 'request', id, method, params: record.params };
  }
  if (id === undefined) return undefined;
  const error = record.error;
  return {
    kind: 'response',
    id,
    result: record.result,
    error: typeof error === 'object' && error !== null ? (error as JsonRpcError) : undefined,
  };
}

function toId(value: unknown): JsonRpcId | undefined {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}
