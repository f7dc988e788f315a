import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowing } from './__fixtures__/allowing.js';
import { createClineWorld } from './__fixtures__/create-generic-worlds.js';
import { expectInterruptThenNextTurn } from './__fixtures__/interrupt-checks.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import {
  assistantBlocks,
  permissionAnswers,
  resultOf,
  streamedDeltas,
  toolResults,
} from './__fixtures__/wire-queries.js';

const worlds = useCliWorlds(createClineWorld);

describe('Cline CLI 3.0.65 through the generic acp backend, driven by the Claude Agent SDK', {
  timeout: 120_000,
}, () => {
  it('GA-18 text: the answer streams and the turn ends with one success result', async () => {
    const { world, run } = await worlds.start();
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'Hello from Cline.' }] });
    const messages = await run.turn('Say hello.');
    expect(streamedDeltas(messages, 'text_delta')).toBe('Hello from Cline.');
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Hello from Cline.' });
  });

  it('GA-18 allow: a shell call asked once as Bash runs when allowed', async () => {
    const { asked, canUseTool } = allowing();
    const { world, run } = await worlds.start({
      query: {
        canUseTool,
      },
    });
    const command = 'printf hi > notes.txt';
    world.server.enqueueTurn({
      parts: [{ type: 'tool_call', name: 'run_commands', arguments: { commands: [command] } }],
    });
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'Done.' }] });
    const messages = await run.turn('Write notes.txt');
    expect(readFileSync(join(world.directories.workDirectory, 'notes.txt'), 'utf8')).toBe('hi');
    // Cline runs `run_commands` itself ({commands: [...]}, the lines joined: T-05) after asking.
    expect(asked).toEqual([{ toolName: 'Bash', input: { command } }]);
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'allow_once' } },
    ]);
    expect(assistantBlocks(messages)).toEqual([
      expect.objectContaining({ type: 'tool_use', name: 'Bash', input: { command } }),
      { type: 'text', text: 'Done.' },
    ]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ is_error: false, content: expect.stringContaining(command) }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Done.' });
  });

  it('GA-18 deny: the command never runs, the denial is its tool_result and a permission_denials entry', async () => {
    const { world, run } = await worlds.start({
      query: { canUseTool: async () => ({ behavior: 'deny', message: 'Not in this project.' }) },
    });
    const command = 'printf no > denied.txt';
    world.server.enqueueTurn({
      parts: [{ type: 'tool_call', name: 'run_commands', arguments: { commands: [command] } }],
    });
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'Understood.' }] });
    const messages = await run.turn('Write denied.txt');
    expect(existsSync(join(world.directories.workDirectory, 'denied.txt'))).toBe(false);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ is_error: true, content: 'Not in this project.' }),
    ]);
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'reject_once' } },
    ]);
    // Cline tells the model of the rejection and goes on: its answer ends the turn.
    expect(world.server.mainRequests()).toHaveLength(2);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Understood.',
      permission_denials: [expect.objectContaining({ tool_name: 'Bash', tool_input: { command } })],
    });
  });

  it('GA-18 C-01 interrupt() during a stream ends the turn; the next prompt works', async () => {
    const { world, run } = await worlds.start();
    await expectInterruptThenNextTurn(world, run, (text, hold) =>
      world.server.enqueueTurn({ parts: [{ type: 'text', text }], hold }),
    );
  });
});
