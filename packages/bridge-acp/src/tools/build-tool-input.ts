import type { McpArgumentsEnvelope } from '@agentbridge/core/contracts';
import { isRecord } from '@agentbridge/core/contracts';
import type { ToolCallLocation } from '@agentclientprotocol/sdk';
import { unwrapMcpArguments } from './map-tool-name.js';

/**
 * The `tool_use.input` of an announced tool call (T-04): the tool's own arguments (MCP envelopes
 * unwrapped, T-15), plus, each only when the arguments lack it: `title` and `kind`; `path` and
 * `file_path` from the first location (clients gate writes on `file_path`); for an `edit` creating
 * a file, `content` (so a `Write` card shows it). Never mutates `rawInput`.
 */
export function buildToolInput(
  frame: {
    readonly title?: string;
    readonly kind?: string;
    readonly rawInput?: unknown;
    readonly locations?: readonly ToolCallLocation[];
    /** The `newText` of a diff that creates a file (empty or absent `oldText`). */
    readonly writtenText?: string;
  },
  toolName: string,
  envelopes?: readonly McpArgumentsEnvelope[],
): Record<string, unknown> {
  const own = unwrapMcpArguments(toolName, frame.rawInput, envelopes);
  const input: Record<string, unknown> = isRecord(own) ? { ...own } : {};
  for (const key of ['title', 'kind'] as const) {
    const value = frame[key];
    if (typeof value === 'string' && value !== '' && !(key in input)) input[key] = value;
  }
  const path: unknown = Array.isArray(frame.locations) ? frame.locations[0]?.path : undefined;
  if (typeof path === 'string' && path !== '' && !('file_path' in input) && !('path' in input)) {
    Object.assign(input, { path, file_path: path });
  }
  const hasText = ['content', 'old_string', 'new_string'].some((key) => key in input);
  if (frame.kind === 'edit' && typeof frame.writtenText === 'string' && !hasText) {
    input.content = frame.writtenText;
  }
  return input;
}
