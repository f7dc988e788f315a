import type { ErrorResponse } from '@agentclientprotocol/sdk';
import { errorBody } from './agent-schemas.js';

/**
 * An agent error as surfaced everywhere: `<message> (code <code>): <data>`; an empty message
 * reads `JSON-RPC error`, code 0 or none drops `(code …)`. A raw API error body passed as a JSON
 * string (in `message` or `data.message`) gives its readable text instead. Never throws.
 */
export function formatRpcError(error: Partial<ErrorResponse> | undefined): string {
  const raw = typeof error?.message === 'string' && error.message !== '' ? error.message : '';
  const message = raw === '' ? 'JSON-RPC error' : (readableErrorBody(raw) ?? raw);
  const code = typeof error?.code === 'number' && error.code !== 0 ? ` (code ${error.code})` : '';
  const data = error?.data;
  if (data === undefined || data === null) return `${message}${code}`;
  const readable = readableErrorBody(errorBody.parse(data)?.message);
  return `${message}${code}: ${readable ?? (typeof data === 'string' ? data : safeStringify(data))}`;
}

/** `error.message`, a string `error`, or `message` of a JSON body (or its first element). */
function readableErrorBody(text: unknown): string | undefined {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (!/^[[{]/.test(trimmed)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const body = errorBody.parse(Array.isArray(parsed) ? parsed[0] : parsed);
  if (body === undefined) return undefined;
  const inner = body.error;
  const candidates = [errorBody.parse(inner)?.message, inner, body.message];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return undefined;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
