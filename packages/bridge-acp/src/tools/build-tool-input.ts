import type { McpArgumentsEnvelope } from '@agentbridge/core/contracts';
import { unwrapMcpArguments } from './map-tool-name.js';

/** The fields of an announcing tool-call frame that shape the `tool_use` input. */
export type ToolInputFrame = {
  readonly title?: string;
  readonly kind?: string;
  readonly rawInput?: unknown;
  readonly locations?: unknown;
  /** The `newText` of a diff that creates a file (empty or absent `oldText`). */
  readonly writtenText?: string;
};

/**
 * The `tool_use.input` for an announced tool call (T-04): the tool's own arguments (MCP envelopes
 * unwrapped through `envelopes`, `quirks.mcpArgumentEnvelopes`, T-15), plus `title` and `kind` when non-empty and not already present, plus `path`
 * and `file_path` = the first location's path when the arguments name neither (clients gate
 * writes on `file_path`). For an `edit` that writes a new file (`writtenText`) the input also gets
 * `content` when the arguments carry no `content`, `old_string` or `new_string`, so a `Write` card
 * shows what is written. Never mutates `rawInput`.
 */
export function buildToolInput(
  frame: ToolInputFrame,
  toolName: string,
  envelopes?: readonly McpArgumentsEnvelope[],
): Record<string, unknown> {
  const own = unwrapMcpArguments(toolName, frame.rawInput, envelopes);
  const input: Record<string, unknown> =
    typeof own === 'object' && own !== null && !Array.isArray(own)
      ? { ...(own as Record<string, unknown>) }
      : {};
  if (typeof frame.title === 'string' && frame.title !== '' && !('title' in input)) {
    input.title = frame.title;
  }
  if (typeof frame.kind === 'string' && frame.kind !== '' && !('kind' in input)) {
    input.kind = frame.kind;
  }
  if (!('file_path' in input) && !('path' in input)) {
    const path = firstLocationPath(frame.locations);
    if (path !== undefined) {
      input.path = path;
      input.file_path = path;
    }
  }
  if (
    frame.kind === 'edit' &&
    typeof frame.writtenText === 'string' &&
    !('content' in input) &&
    !('old_string' in input) &&
    !('new_string' in input)
  ) {
    input.content = frame.writtenText;
  }
  return input;
}

function firstLocationPath(locations: unknown): string | undefined {
  if (!Array.isArray(locations) || locations.length === 0) return undefined;
  const first: unknown = locations[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const path = (first as Record<string, unknown>).path;
  return typeof path === 'string' && path !== '' ? path : undefined;
}
