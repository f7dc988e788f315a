import { kindOf } from '@agentbridge/test-kit';
import type { SDKMessage, SDKResultMessage } from '@anthropic-ai/claude-agent-sdk';
import type { CliWorld, WireEntry } from './assemble-world.js';

/** The `result` that ends `messages` (throws, naming the last kind, when there is none). */
export function resultOf(messages: readonly SDKMessage[]): SDKResultMessage {
  const last = messages.at(-1);
  if (last?.type !== 'result') {
    throw new Error(`turn did not end with a result: ${last ? kindOf(last) : 'no message'}`);
  }
  return last;
}

/** Answers on the wire (`from` → the other side) to the requests with `method`. */
function answers(
  world: CliWorld<unknown>,
  method: string,
  requestDirection: WireEntry['direction'],
): WireEntry['message'][] {
  const wire = world.wire();
  const ids = new Set(
    wire
      .filter((entry) => entry.direction === requestDirection && entry.message.method === method)
      .map((entry) => entry.message.id),
  );
  return wire
    .filter(
      (entry) =>
        entry.direction !== requestDirection &&
        entry.message.method === undefined &&
        entry.message.id !== undefined &&
        ids.has(entry.message.id),
    )
    .map((entry) => entry.message);
}

/** The agent's answers to agentbridge's requests with `method` (`result` or `error`). */
export function agentAnswersTo(world: CliWorld<unknown>, method: string): WireEntry['message'][] {
  return answers(world, method, 'client->agent');
}

/** agentbridge's `result`s for the agent's `session/request_permission` requests. */
export function permissionAnswers(world: CliWorld<unknown>): unknown[] {
  return answers(world, 'session/request_permission', 'agent->client').map(
    (message) => message.result,
  );
}

/** The `tool_result` blocks of the user messages among `messages`. */
export function toolResults(messages: readonly SDKMessage[]): Record<string, unknown>[] {
  return messages.flatMap((message) =>
    message.type === 'user' && Array.isArray(message.message.content)
      ? (message.message.content as unknown as Record<string, unknown>[]).filter(
          (block) => block.type === 'tool_result',
        )
      : [],
  );
}

/** The content blocks of the assistant messages among `messages`, in order. */
export function assistantBlocks(messages: readonly SDKMessage[]): Record<string, unknown>[] {
  return messages.flatMap((message) =>
    message.type === 'assistant'
      ? (message.message.content as unknown as Record<string, unknown>[])
      : [],
  );
}

/** The concatenated `text_delta` / `thinking_delta` of the partial `stream_event`s. */
export function streamedDeltas(
  messages: readonly SDKMessage[],
  deltaType: 'text_delta' | 'thinking_delta',
): string {
  return messages
    .map((message) => {
      if (message.type !== 'stream_event' || message.event.type !== 'content_block_delta')
        return '';
      const delta = message.event.delta as { type: string; text?: string; thinking?: string };
      if (delta.type !== deltaType) return '';
      return (deltaType === 'text_delta' ? delta.text : delta.thinking) ?? '';
    })
    .join('');
}
