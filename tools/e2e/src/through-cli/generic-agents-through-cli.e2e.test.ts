import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClaudeCodeAcpWorld } from './__fixtures__/create-more-worlds.js';
import { expectInterruptedStream } from './__fixtures__/interrupt-checks.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { assistantBlocks, resultOf, toolResults } from './__fixtures__/wire-queries.js';

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

  it('GA-15 allow: the agent runs its shell through a client terminal (CF-04); canUseTool allows Bash; its output is the tool_result', async () => {
    const asked: string[] = [];
    const { world, run } = await startGeneric({
      query: {
        canUseTool: async (name, input) => {
          asked.push(name);
          return { behavior: 'allow', updatedInput: input };
        },
      },
    });
    world.server.enqueueTurn({
      blocks: [
        {
          type: 'tool_use',
          name: 'mcp__acp__Bash',
          input: { command: 'pwd', description: 'Show the directory' },
        },
      ],
    });
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Shown.' }] });
    const messages = await run.turn('Show the directory.');
    expect(world.sent('terminal/create')).toEqual([expect.objectContaining({ command: 'pwd' })]);
    expect(asked).toContain('Bash');
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({
        is_error: false,
        content: expect.stringContaining(world.directories.workDirectory),
      }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Shown.' });
  });

  it('GA-15 allow: a write goes through the client fs (fs/write_text_file) and lands on disk', async () => {
    const { world, run } = await startGeneric({
      query: { canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }) },
    });
    const target = join(world.directories.workDirectory, 'notes.md');
    world.server.enqueueTurn({
      blocks: [
        {
          type: 'tool_use',
          name: 'mcp__acp__Write',
          input: { file_path: target, content: '# Notes\n' },
        },
      ],
    });
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Wrote notes.md.' }] });
    const messages = await run.turn('Write notes.md');
    expect(readFileSync(target, 'utf8')).toBe('# Notes\n');
    expect(world.sent('fs/write_text_file')).toHaveLength(1);
    expect(assistantBlocks(messages).filter((block) => block.type === 'tool_use')).toEqual([
      expect.objectContaining({ name: 'Write' }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Wrote notes.md.' });
  });

  it('GA-15 deny: canUseTool denies Write; no file, the tool_result is an error', async () => {
    const { world, run } = await startGeneric({
      query: { canUseTool: async () => ({ behavior: 'deny', message: 'Not here.' }) },
    });
    const target = join(world.directories.workDirectory, 'denied.txt');
    world.server.enqueueTurn({
      blocks: [
        {
          type: 'tool_use',
          name: 'mcp__acp__Write',
          input: { file_path: target, content: 'no\n' },
        },
      ],
    });
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Understood.' }] });
    const messages = await run.turn('Write denied.txt');
    expect(existsSync(target)).toBe(false);
    expect(toolResults(messages)).toEqual([expect.objectContaining({ is_error: true })]);
    expect(resultOf(messages)).toMatchObject({
      permission_denials: [expect.objectContaining({ tool_name: 'Write' })],
    });
  });

  it('GA-15 interrupt: a held stream is interrupted, the prompt cancelled', async () => {
    const { world, run } = await startGeneric();
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Counting: 1, 2, ' }], hold: true });
    await expectInterruptedStream(world, run);
  });
});
