import { isResult } from '@agentbridge/test-kit';
import type { CanUseTool, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { expect } from 'vitest';
import type { CliWorld } from './assemble-world.js';
import type { CliRun } from './start-cli-run.js';
import { agentAnswersTo, permissionAnswers, resultOf } from './wire-queries.js';

const isTextDelta = (message: SDKMessage) =>
  message.type === 'stream_event' &&
  message.event.type === 'content_block_delta' &&
  message.event.delta.type === 'text_delta';

/**
 * Sends "Count forever." (the fake server must hold that stream open), interrupts after the first
 * text delta, and checks the turn ended `aborted_streaming` with the agent's prompt cancelled.
 */
export async function expectInterruptedStream(
  world: CliWorld<unknown>,
  run: CliRun,
): Promise<void> {
  run.prompts.push('Count forever.');
  await run.read(isTextDelta);
  await run.query.interrupt();
  expect(resultOf(await run.read(isResult))).toMatchObject({
    subtype: 'error_during_execution',
    is_error: true,
    terminal_reason: 'aborted_streaming',
  });
  expectPromptCancelled(world);
}

/**
 * C-01 on any agent: `reply(text, hold)` queues the fake server's next turn (held open when
 * `hold`). The stream is interrupted as {@link expectInterruptedStream} checks, then the next
 * prompt gets "Back again." as one success result; its messages are returned.
 */
export async function expectInterruptThenNextTurn(
  world: CliWorld<unknown>,
  run: CliRun,
  reply: (text: string, hold: boolean) => void,
): Promise<SDKMessage[]> {
  reply('Counting: 1, 2, ', true);
  await expectInterruptedStream(world, run);
  reply('Back again.', false);
  const next = await run.turn('Say something.');
  expect(resultOf(next)).toMatchObject({ subtype: 'success', result: 'Back again.' });
  return next;
}

/** A `canUseTool` that never answers (an interrupt has to settle the permission) and its first call. */
export function neverAnsweringCanUseTool(): { canUseTool: CanUseTool; asked: Promise<void> } {
  let called: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    called = resolve;
  });
  const canUseTool: CanUseTool = () => {
    called();
    return new Promise(() => {});
  };
  return { canUseTool, asked };
}

/**
 * Sends `prompt`, interrupts once `asked` settled (a permission is pending), and checks the error
 * result, the permission answered `cancelled` and the agent's prompt cancelled.
 */
export async function expectInterruptedPermission(
  world: CliWorld<unknown>,
  run: CliRun,
  prompt: string,
  asked: Promise<void>,
): Promise<void> {
  run.prompts.push(prompt);
  await asked;
  await run.query.interrupt();
  expect(resultOf(await run.read(isResult))).toMatchObject({
    subtype: 'error_during_execution',
    is_error: true,
  });
  expect(permissionAnswers(world)).toEqual([{ outcome: { outcome: 'cancelled' } }]);
  expectPromptCancelled(world);
}

/** One `session/cancel` went out and the agent answered the last prompt `cancelled`. */
function expectPromptCancelled(world: CliWorld<unknown>): void {
  expect(world.sent('session/cancel')).toHaveLength(1);
  expect(agentAnswersTo(world, 'session/prompt').at(-1)?.result).toMatchObject({
    stopReason: 'cancelled',
  });
}
