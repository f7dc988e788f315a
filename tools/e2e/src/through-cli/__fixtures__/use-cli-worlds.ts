import { rmSync } from 'node:fs';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, expect } from 'vitest';
import type { FakeModelServer } from '../../fake-model-server.js';
import type { CliWorld, CliWorldOptions } from './assemble-world.js';
import type { CliRun } from './start-cli-run.js';
import { describeWorld, startCliRun } from './start-cli-run.js';

/** What {@link useCliWorlds} gives a test file. */
export type CliWorlds<Server extends FakeModelServer> = {
  /**
   * Creates a world and starts a `query()` in it (partial messages on). With `keepDirectories`
   * the directories survive the run, for a later process of the same test to resume the session.
   */
  start(options?: {
    readonly world?: CliWorldOptions;
    readonly query?: Options;
    readonly keepDirectories?: boolean;
  }): Promise<{ world: CliWorld<Server>; run: CliRun }>;
  /** Ends a world's run now (the input ends, the CLI must exit on its own) and checks it. */
  finishEarly(world: CliWorld<Server>): Promise<void>;
};

type Started<Server> = { world: CliWorld<Server>; run: CliRun; keep: boolean; done: boolean };

/** Checks that a finished world left no process, reached nothing else and asked nothing unscripted. */
async function checkWorld<Server extends FakeModelServer>(
  entry: Started<Server>,
  rest: readonly SDKMessage[],
  failed: boolean,
): Promise<void> {
  const survivors = await entry.world.dispose({ keepDirectories: entry.keep });
  // The run ends on its own once the input ended: no extra turn, no error.
  if (!failed) expect(rest.filter((message) => message.type === 'result')).toEqual([]);
  expect(survivors).toEqual([]);
  // The guards of the e2e library: nothing but the fake server was reached, nothing unscripted.
  expect(entry.world.foreignConnections()).toEqual([]);
  expect(entry.world.unexpectedRequests()).toEqual([]);
}

/**
 * Registers an `afterEach` that ends every run of the test (closing the query when the test
 * failed, after printing the stream-json messages, the ACP wire and the CLI's stderr) and checks
 * every world: no process left, no connection beyond the fake server, no unscripted request.
 */
export function useCliWorlds<Server extends FakeModelServer>(
  createWorld: (options?: CliWorldOptions) => Promise<CliWorld<Server>>,
): CliWorlds<Server> {
  const started: Started<Server>[] = [];
  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    const all = started.splice(0);
    const problems: unknown[] = [];
    const attempt = async (step: () => Promise<void>) => {
      try {
        await step();
      } catch (problem) {
        problems.push(problem);
      }
    };
    const entries = all.filter((entry) => !entry.done);
    const rests: SDKMessage[][] = [];
    for (const entry of entries) {
      if (failed) process.stderr.write(`${describeWorld(entry.world, entry.run.seen)}\n`);
      await attempt(async () => {
        rests.push(await entry.run.finish(failed));
      });
    }
    for (const [index, entry] of entries.entries()) {
      entry.keep = false;
      await attempt(() => checkWorld(entry, rests[index] ?? [], failed));
    }
    // Always: directories kept for a resume, or left by a failed check.
    for (const { world } of all) {
      rmSync(world.directories.homeDirectory, { recursive: true, force: true });
      rmSync(world.directories.workDirectory, { recursive: true, force: true });
    }
    if (problems.length > 0) throw problems[0];
  });
  return {
    async start(options = {}) {
      const world = await createWorld(options.world);
      const run = startCliRun(world, { includePartialMessages: true, ...options.query });
      started.push({ world, run, keep: options.keepDirectories ?? false, done: false });
      return { world, run };
    },
    async finishEarly(world) {
      const entry = started.find((candidate) => candidate.world === world && !candidate.done);
      if (entry === undefined) return;
      entry.done = true;
      await checkWorld(entry, await entry.run.finish(false), false);
    },
  };
}
