import type { ContentBlock } from '@agentclientprotocol/sdk/unstable';
import type { Gate } from '../machine/gate.js';
import { ownServerName } from '../mcp/mcp-state.js';
import type { McpState, StructuredRecord } from '../mcp/mcp-state-types.js';
import type { TurnEnding } from '../north/build-result.js';
import {
  checkStructuredOutput,
  structuredOutputTool,
  structuredRecordOf,
} from './structured-output-server.js';

/** Attempts before a turn ends `error_max_structured_output_retries` (Claude Code's default). */
const maxAttempts = 5;

/** How the turn's answer must be given: by the tool, else as bare JSON of the schema. */
function howToAnswer(mcp: McpState): string {
  return mcp.structuredTool
    ? `call the ${structuredOutputTool.name} tool of the MCP server "${ownServerName}" exactly once, with the final answer as its input (its input schema is the required format)`
    : `reply with the final answer as one JSON value and nothing else (no other text, no code fence), valid against this JSON Schema: ${JSON.stringify(mcp.jsonSchema)}`;
}

/** SO-04: the first prompt of a turn says how the structured answer must be given. */
export const structuredOutputPromptGate: Gate<ContentBlock[], TurnEnding> = (
  context,
  turn,
  prompt,
  next,
) => {
  const { mcp } = context.state;
  if (mcp.jsonSchema === undefined || turn.promptCount > 0) return next({ pass: prompt });
  const text = `When your answer is complete, ${howToAnswer(mcp)}.`;
  next({ pass: [...prompt, { type: 'text', text }] });
};

/**
 * SO-02..SO-05: a turn that completed gets its structured output: the `StructuredOutput` input the
 * agent gave, else its last text when that is JSON valid against the schema. Otherwise the turn
 * goes on with a prompt that says what was wrong, up to {@link maxAttempts} failed attempts in all
 * (invalid tool calls count), then ends `error_max_structured_output_retries`.
 */
export const structuredOutputEndGate: Gate<TurnEnding, { readonly continueWith: string }> = (
  context,
  turn,
  ending,
  next,
) => {
  const { mcp } = context.state;
  if (
    mcp.jsonSchema === undefined ||
    ending.kind !== 'completed' ||
    ending.stopReason !== 'end_turn'
  )
    return next({ pass: ending });
  const record = structuredRecordOf(context, turn);
  if (record.accepted !== undefined)
    return next({ pass: { ...ending, structuredOutput: record.accepted.value } });
  const retry = (error: string) => {
    record.failures += 1;
    record.lastError = error;
    if (record.failures >= maxAttempts) return next({ pass: exhausted(record) });
    next({
      exit: { continueWith: `Your answer was not accepted (${error}). Now ${howToAnswer(mcp)}.` },
    });
  };
  const answer = parseJsonAnswer(context.stream.lastText() ?? '');
  if (answer === undefined)
    return retry(
      mcp.structuredTool ? `${structuredOutputTool.name} was not called` : 'it is not JSON',
    );
  checkStructuredOutput(context, answer.value, (errors) =>
    errors.length === 0
      ? next({ pass: { ...ending, structuredOutput: answer.value } })
      : retry(`it does not match the schema: ${errors.join('; ')}`),
  );
};

/** The ending of a turn whose attempts ran out (Claude Code's wording). */
function exhausted(record: StructuredRecord): TurnEnding {
  return {
    kind: 'stopped',
    subtype: 'error_max_structured_output_retries',
    errorText: `Failed to provide valid structured output after ${record.failures} attempts — last error: ${record.lastError}`,
    stopReason: 'end_turn',
    terminalReason: 'structured_output_retry_exhausted',
  };
}

/** A text that is one JSON value, bare or in one code fence. */
export function parseJsonAnswer(text: string): { readonly value: unknown } | undefined {
  const trimmed = text.trim();
  const fenced = /^```[a-z]*\n([\s\S]*?)\n?```$/i.exec(trimmed);
  try {
    return { value: JSON.parse(fenced?.[1] ?? trimmed) };
  } catch {
    return undefined;
  }
}
