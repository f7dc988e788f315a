import type { JsonRpcError } from './json-rpc-message.js';

/**
 * The text of an agent error as surfaced everywhere: `"<message> (code <code>)"`, plus
 * `": <data>"` when `data` is present (a string verbatim, anything else as compact JSON). An empty
 * message reads `"JSON-RPC error"`; code `0` or a missing code drops the `(code …)` part.
 *
 * Agents that pass a raw API error body through (a JSON **string**) get its readable text instead
 * (gap fix of A-08), whether the body is in `message`
 * (`{"error":{"code":400,"message":"API key not valid…"}}` → `API key not valid… (code 400)`) or in
 * `data.message` (`Internal error (code -32603): Invalid value…`).
 * Never throws.
 */
export function formatRpcError(error: JsonRpcError | undefined): string {
  const rawMessage =
    typeof error?.message === 'string' && error.message !== '' ? error.message : undefined;
  const message =
    rawMessage === undefined ? 'JSON-RPC error' : (readableErrorBody(rawMessage) ?? rawMessage);
  const code = typeof error?.code === 'number' && error.code !== 0 ? ` (code ${error.code})` : '';
  const data = error?.data;
  if (data === undefined || data === null) return `${message}${code}`;
  if (typeof data === 'object' && !Array.isArray(data)) {
    const dataMessage = (data as Record<string, unknown>).message;
    const readable = typeof dataMessage === 'string' ? readableErrorBody(dataMessage) : undefined;
    if (readable !== undefined) return `${message}${code}: ${readable}`;
  }
  return `${message}${code}: ${typeof data === 'string' ? data : safeStringify(data)}`;
}

/**
 * The readable text of an API error body passed as a JSON string: `error.message`, else a string
 * `error`, else `message` (of the first element when the body is an array); `undefined` when the
 * text is not such a body.
 */
export function readableErrorBody(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const body = Array.isArray(parsed) ? parsed[0] : parsed;
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const inner = record.error;
  if (typeof inner === 'object' && inner !== null) {
    const innerMessage = (inner as Record<string, unknown>).message;
    if (typeof innerMessage === 'string' && innerMessage.trim() !== '') return innerMessage.trim();
  }
  if (typeof inner === 'string' && inner.trim() !== '') return inner.trim();
  const message = record.message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
