import { setTimeout as sleep } from 'node:timers/promises';
import { isResult, readUntil } from '@agentbridge/test-kit';
import type { Options, Query, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import type { CliWorld } from './assemble-world.js';
import type { PromptQueue } from './prompt-queue.js';
import { createPromptQueue } from './prompt-queue.js';

/** How long a CLI may take to end after its input ended. */
const drainBoundMs = 20_000;

/** One `query()` of the Claude Agent SDK running `agentbridge` in a world, fed prompt by prompt. */
export type CliRun = {
  readonly query: Query;
  readonly prompts: PromptQueue;
  /** Every message read so far, in order. */
  readonly seen: readonly SDKMessage[];
  /** Reads messages up to (and including) the first one `stop` accepts. */
  read(stop: (message: SDKMessage) => boolean): Promise<SDKMessage[]>;
  /** Sends one prompt and reads its turn up to (and including) the `result`. */
  turn(text: string): Promise<SDKMessage[]>;
  /**
   * Ends the input. After a passing test: reads the rest (the CLI must end on its own); after a
   * failing one: closes the query (kills the CLI).
   */
  finish(failed: boolean): Promise<SDKMessage[]>;
};

/** Starts `query()` with a streaming prompt and the world's options (plus `overrides`). */
export function startCliRun(world: CliWorld<unknown>, overrides: Options = {}): CliRun {
  const prompts = createPromptQueue();
  const running = query({ prompt: prompts, options: world.options(overrides) });
  const seen: SDKMessage[] = [];
  const read = async (stop: (message: SDKMessage) => boolean) => {
    const messages = await readUntil(running, (message) => {
      seen.push(message);
      return stop(message);
    });
    return messages;
  };
  return {
    query: running,
    prompts,
    seen,
    read,
    turn(text) {
      prompts.push(text);
      return read(isResult);
    },
    async finish(failed) {
      prompts.end();
      if (failed) {
        running.close();
        return [];
      }
      // Bounded: a CLI that does not end on its own is closed, and that is a failure.
      const abort = new AbortController();
      const drained = read(() => false);
      const outcome = await Promise.race([
        drained.then((messages) => ({ messages })),
        sleep(drainBoundMs, undefined, { signal: abort.signal }).catch(() => undefined),
      ]);
      abort.abort();
      if (outcome === undefined) {
        running.close();
        throw new Error(`the CLI did not end within ${drainBoundMs} ms after its input ended`);
      }
      return outcome.messages;
    },
  };
}

/** What to print when a test fails: the CLI's stderr and the ACP wire, for routing the failure. */
export function describeWorld(
  world: CliWorld<unknown>,
  sdkMessages: readonly SDKMessage[],
): string {
  return [
    '--- stream-json messages the SDK got',
    ...sdkMessages.map((message) => JSON.stringify(message)),
    '--- ACP wire (agentbridge <-> agent)',
    ...world.wire().map((entry) => JSON.stringify(entry)),
    '--- CLI stderr',
    world.stderr(),
  ].join('\n');
}
