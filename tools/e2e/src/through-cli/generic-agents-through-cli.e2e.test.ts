import { describe, expect, it } from 'vitest';
import { createClaudeCodeAcpWorld } from './__fixtures__/create-more-worlds.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { resultOf } from './__fixtures__/wire-queries.js';

const worlds = useCliWorlds(createClaudeCodeAcpWorld);

const startGeneric = worlds.start;

describe('@zed-industries/claude-code-acp 0.16.2 through the generic acp backend, driven by the Claude Agent SDK', () => {
  it('GA-15 text: the answer streams and the turn ends with one success result', async () => {
    const { world, run } = await startGeneric();
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Hello from a generic agent.' }] });
    const messages = await run.turn('Say hello.');
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Hello from a generic agent.',
    });
  });
});
