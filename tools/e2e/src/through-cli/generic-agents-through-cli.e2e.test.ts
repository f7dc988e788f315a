import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowing } from './__fixtures__/allowing.js';
import {
  createClaudeAcpWorld,
  createClaudeCodeAcpWorld,
} from './__fixtures__/create-more-worlds.js';
import { expectInterruptThenNextTurn } from './__fixtures__/interrupt-checks.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { assistantBlocks, resultOf, toolResults } from './__fixtures__/wire-queries.js';

describe('@zed-industries/claude-code-acp 0.16.2 through the generic acp backend, driven by the Claude Agent SDK', () => {
  const worlds = useCliWorlds(createClaudeCodeAcpWorld);

  it('GA-15 text: the answer streams and the turn ends with one success result', async () => {
    const { world, run } = await worlds.start();
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Hello from a generic agent.' }] });
    const messages = await run.turn('Say hello.');
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Hello from a generic agent.',
    });
  });
});

describe('claude-code-acp: its shell tool in a client terminal', () => {
  const worlds = useCliWorlds(createClaudeCodeAcpWorld);

  it('GA-15 CF-12 mcp__acp__Bash sends the whole line to terminal/create: the file is made, the SDK sees Bash {command} and the output as its tool_result', async () => {
    const { asked, canUseTool } = allowing();
    const { world, run } = await worlds.start({
      query: {
        canUseTool,
      },
    });
    const command = "printf 'hello' > hello.txt && cat hello.txt";
    // With the client's terminal offered, claude-code-acp serves Bash as mcp__acp__Bash (its
    // `timeout` is required).
    world.server.enqueueTurn({
      blocks: [
        {
          type: 'tool_use',
          name: 'mcp__acp__Bash',
          input: { command, timeout: 60_000, description: 'Make hello' },
        },
      ],
    });
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Made hello.txt.' }] });
    const messages = await run.turn('Create hello.txt with a shell command.');
    const created = world.wire().filter((entry) => entry.message.method === 'terminal/create');
    expect(created.map((entry) => entry.message.params)).toEqual([
      expect.objectContaining({ command }),
    ]);
    expect(created[0]?.message.params).not.toHaveProperty('args');
    expect(readFileSync(join(world.directories.workDirectory, 'hello.txt'), 'utf8')).toBe('hello');
    expect(asked).toEqual([{ toolName: 'Bash', input: expect.objectContaining({ command }) }]);
    expect(assistantBlocks(messages).filter((block) => block.type === 'tool_use')).toEqual([
      expect.objectContaining({ name: 'Bash', input: expect.objectContaining({ command }) }),
    ]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ is_error: false, content: 'hello' }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Made hello.txt.' });
  });
});

describe('claude-agent-acp 0.101.0 through the generic acp backend, driven by the Claude Agent SDK', () => {
  const worlds = useCliWorlds((options) => createClaudeAcpWorld(options, true));

  it('GA-15 PM-01 allow: a Bash call is asked once, runs when allowed, and its output is the tool_result', async () => {
    const { asked, canUseTool } = allowing();
    const { world, run } = await worlds.start({
      query: {
        canUseTool,
      },
    });
    const work = world.directories.workDirectory;
    const command = `printf 'hello' > ${work}/hello.txt && cat ${work}/hello.txt`;
    world.server.enqueueTurn({
      blocks: [{ type: 'tool_use', name: 'Bash', input: { command, description: 'Make hello' } }],
    });
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Made hello.txt.' }] });
    const messages = await run.turn('Create hello.txt with a shell command.');
    expect(readFileSync(join(work, 'hello.txt'), 'utf8')).toBe('hello');
    expect(asked).toEqual([{ toolName: 'Bash', input: expect.objectContaining({ command }) }]);
    expect(assistantBlocks(messages).filter((block) => block.type === 'tool_use')).toEqual([
      expect.objectContaining({ name: 'Bash', input: expect.objectContaining({ command }) }),
    ]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ is_error: false, content: expect.stringContaining('hello') }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Made hello.txt.' });
  });

  it('GA-15 PM-04 deny: the command never runs; the denial is the tool_result and a permission_denials entry', async () => {
    const { world, run } = await worlds.start({
      query: { canUseTool: async () => ({ behavior: 'deny', message: 'Not in this project.' }) },
    });
    const work = world.directories.workDirectory;
    const command = `printf 'no' > ${work}/denied.txt`;
    world.server.enqueueTurn({
      blocks: [{ type: 'tool_use', name: 'Bash', input: { command, description: 'Write' } }],
    });
    world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Understood.' }] });
    const messages = await run.turn('Write denied.txt with a shell command.');
    expect(existsSync(join(work, 'denied.txt'))).toBe(false);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({
        is_error: true,
        content: expect.stringContaining('Not in this project.'),
      }),
    ]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Understood.',
      permission_denials: [
        expect.objectContaining({
          tool_name: 'Bash',
          tool_input: expect.objectContaining({ command }),
        }),
      ],
    });
  });

  it('GA-15 C-01 interrupt() during a stream ends the turn; the next prompt works', async () => {
    const { world, run } = await worlds.start();
    await expectInterruptThenNextTurn(world, run, (text, hold) =>
      world.server.enqueueTurn({ blocks: [{ type: 'text', text }], hold }),
    );
  });
});
