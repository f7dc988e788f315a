import type { JsonRpcError } from './json-rpc-message.js';

/**
 * The text of an agent error as surfaced everywhere: `"<message> (code <code>)"`, plus
 * `": <data>"` when `data` is present (a string verbatim, anything else as compact JSON). An empty
 * message reads `"JSON-RPC error"`; code `0` or a missing code drops the `(code …)` part.
 */
export function formatRpcError(error: JsonRpcError | undefined): string {
  const message =
    typeof error?.message === 'string' && error.message !== '' ? error.message : 'JSON-RPC error';
  const code = typeof error?.code === 'number' && error.code !== 0 ? ` (code ${error.code})` : '';
  const data = error?.data;
  if (data === undefined || data === null) return `${message}${code}`;
  return `${message}${code}: ${typeof data === 'string' ? data : safeStringify(data)}`;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
