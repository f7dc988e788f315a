import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowing } from './__fixtures__/allowing.js';
import { createOpenCodeWorld } from './__fixtures__/create-generic-worlds.js';
import { expectInterruptThenNextTurn } from './__fixtures__/interrupt-checks.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import {
  assistantBlocks,
  permissionAnswers,
  resultOf,
  streamedDeltas,
  toolResults,
} from './__fixtures__/wire-queries.js';

const worlds = useCliWorlds(createOpenCodeWorld);

// OpenCode is a 180 MB Bun binary: its start-up alone takes seconds on a loaded 2-core machine.
describe('OpenCode 1.18.33 through the generic acp backend, driven by the Claude Agent SDK', {
  timeout: 120_000,
}, () => {
  it('GA-17 text: the answer streams and the turn ends with one success result and its usage', async () => {
    const { world, run } = await worlds.start();
    world.server.enqueueTurn({
      parts: [{ type: 'text', text: 'Hello from OpenCode.' }],
      usage: { promptTokens: 90, completionTokens: 7 },
    });
    const messages = await run.turn('Say hello.');
    expect(streamedDeltas(messages, 'text_delta')).toBe('Hello from OpenCode.');
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Hello from OpenCode.',
      usage: { input_tokens: 90, output_tokens: 7 },
    });
  });

  it('GA-17 CF-03 allow: a write asked once as Write is allowed; OpenCode writes through the client fs', async () => {
    const { asked, canUseTool } = allowing();
    const { world, run } = await worlds.start({
      query: {
        canUseTool,
      },
    });
    const target = join(world.directories.workDirectory, 'notes.txt');
    world.server.enqueueTurn({
      parts: [
        { type: 'tool_call', name: 'write', arguments: { filePath: target, content: 'hi\n' } },
      ],
    });
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'Written.' }] });
    const messages = await run.turn('Write notes.txt');
    expect(readFileSync(target, 'utf8')).toBe('hi\n');
    const input = { file_path: target, content: 'hi\n' };
    // OpenCode asks about the edit, then writes it through the client's fs/write_text_file: the
    // bridge does not ask a second time for the write it was already asked about (CF-03).
    expect(asked).toEqual([{ toolName: 'Write', input }]);
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'once' } },
    ]);
    const clientWrites = world
      .wire()
      .filter(
        (entry) =>
          entry.direction === 'agent->client' && entry.message.method === 'fs/write_text_file',
      );
    expect(clientWrites.map((entry) => entry.message.params?.path)).toEqual([target]);
    expect(assistantBlocks(messages)).toEqual([
      expect.objectContaining({ type: 'tool_use', name: 'Write', input }),
      { type: 'text', text: 'Written.' },
    ]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ content: 'Wrote file successfully.', is_error: false }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Written.' });
  });

  it('GA-17 PM-04 deny: no file, the denial in the tool_result and permission_denials', async () => {
    const { world, run } = await worlds.start({
      query: { canUseTool: async () => ({ behavior: 'deny', message: 'Not in this project.' }) },
    });
    const target = join(world.directories.workDirectory, 'denied.txt');
    world.server.enqueueTurn({
      parts: [
        { type: 'tool_call', name: 'write', arguments: { filePath: target, content: 'no\n' } },
      ],
    });
    const messages = await run.turn('Write denied.txt');
    expect(existsSync(target)).toBe(false);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ is_error: true, content: 'Not in this project.' }),
    ]);
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'reject' } },
    ]);
    // OpenCode ends its turn after a rejection without asking the model again.
    expect(world.server.mainRequests()).toHaveLength(1);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      permission_denials: [
        expect.objectContaining({
          tool_name: 'Write',
          tool_input: { file_path: target, content: 'no\n' },
        }),
      ],
    });
  });

  it('GA-17 C-01 interrupt() during a stream ends the turn; the next prompt works', async () => {
    const { world, run } = await worlds.start();
    await expectInterruptThenNextTurn(world, run, (text, hold) =>
      world.server.enqueueTurn({ parts: [{ type: 'text', text }], hold }),
    );
  });
});
