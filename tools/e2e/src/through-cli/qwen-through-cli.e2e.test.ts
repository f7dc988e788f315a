import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createQwenWorld } from './__fixtures__/create-more-worlds.js';
import { expectInterruptedStream } from './__fixtures__/interrupt-checks.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import {
  assistantBlocks,
  permissionAnswers,
  resultOf,
  streamedDeltas,
  toolResults,
} from './__fixtures__/wire-queries.js';

const worlds = useCliWorlds(createQwenWorld);

describe('Qwen Code 0.24.4 through agentbridge, driven by the Claude Agent SDK', () => {
  it('ST-01/ST-03/U-02/H-13: reasoning and text stream; the usage Qwen tells in notifications reaches the result; one system/init', async () => {
    const { world, run } = await worlds.start();
    world.server.enqueueTurn({
      parts: [
        { type: 'reasoning', text: 'The user greets me.' },
        { type: 'text', text: 'Hello from Qwen.' },
      ],
      usage: { promptTokens: 120, completionTokens: 8 },
    });
    const messages = await run.turn('Say hello.');
    expect(streamedDeltas(messages, 'thinking_delta')).toBe('The user greets me.');
    expect(streamedDeltas(messages, 'text_delta')).toBe('Hello from Qwen.');
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Hello from Qwen.',
      usage: { input_tokens: 120, output_tokens: 8 },
    });
    expect(
      messages.filter((message) => message.type === 'system' && message.subtype === 'init'),
    ).toHaveLength(1);
  });

  it('PM-04/PM-05: canUseTool deny → no file, the tool_result carries the denial; Qwen ends its turn there', async () => {
    const { world, run } = await worlds.start({
      query: { canUseTool: async () => ({ behavior: 'deny', message: 'Not in this project.' }) },
    });
    const target = join(world.directories.workDirectory, 'denied.txt');
    world.server.enqueueTurn({
      parts: [
        {
          type: 'tool_call',
          name: 'write_file',
          arguments: { file_path: target, content: 'no\n' },
        },
      ],
    });
    const messages = await run.turn('Write denied.txt');
    expect(existsSync(target)).toBe(false);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ is_error: true, content: 'Not in this project.' }),
    ]);
    // Qwen answers the prompt end_turn after a rejection, without asking the model again.
    expect(world.server.mainRequests()).toHaveLength(1);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: '',
      permission_denials: [
        expect.objectContaining({
          tool_name: 'Write',
          tool_input: { file_path: target, content: 'no\n' },
        }),
      ],
    });
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'cancel' } },
    ]);
  });

  it('T-40: a plan (todo_write) reaches the client as the TodoWrite tool_use and its result', async () => {
    const { world, run } = await worlds.start();
    world.server.enqueueTurn({
      parts: [
        {
          type: 'tool_call',
          name: 'todo_write',
          arguments: {
            todos: [
              { id: '1', content: 'Write the notes', status: 'in_progress' },
              { id: '2', content: 'Review them', status: 'pending' },
            ],
          },
        },
      ],
    });
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'Planned.' }] });
    const messages = await run.turn('Plan the work.');
    const toolUse = assistantBlocks(messages).find((block) => block.type === 'tool_use');
    expect(toolUse).toMatchObject({
      name: 'TodoWrite',
      input: {
        todos: [
          { content: 'Write the notes', status: 'in_progress' },
          { content: 'Review them', status: 'pending' },
        ],
      },
    });
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ tool_use_id: toolUse?.id, is_error: false }),
    ]);
  });

  it('C-01/R-05: interrupt() during a stream ends the turn without result text; the next prompt works', async () => {
    const { world, run } = await worlds.start();
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'Counting: 1, 2, ' }], hold: true });
    await expectInterruptedStream(world, run);
    expect(run.seen.findLast((message) => message.type === 'result')).not.toHaveProperty('result');
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'Back again.' }] });
    expect(resultOf(await run.turn('Say something.'))).toMatchObject({
      subtype: 'success',
      result: 'Back again.',
    });
  });
});
