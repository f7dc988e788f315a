import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { execCommandCall } from '../fake-openai-server.js';
import { createCodexWorld, createGeminiWorld } from './__fixtures__/create-cli-world.js';
import { createQwenWorld } from './__fixtures__/create-more-worlds.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { assistantBlocks, resultOf } from './__fixtures__/wire-queries.js';

type Asked = { readonly toolName: string; readonly input: Record<string, unknown> };

/** `query()` options that allow every tool and record what `canUseTool` was asked. */
function allowAll(asked: Asked[]) {
  return {
    canUseTool: async (toolName: string, input: Record<string, unknown>) => {
      asked.push({ toolName, input });
      return { behavior: 'allow' as const, updatedInput: input };
    },
  };
}

/** The shell, write and edit calls of a run, as the client saw them: Claude's names and keys. */
function expectClaudeShapedTools(
  messages: readonly SDKMessage[],
  asked: readonly Asked[],
  work: string,
) {
  const toolUses = assistantBlocks(messages).filter((block) => block.type === 'tool_use');
  const byName = (name: string) => toolUses.find((block) => block.name === name)?.input;
  expect(byName('Bash')).toMatchObject({ command: expect.stringContaining('echo hi > ') });
  expect(byName('Write')).toMatchObject({
    file_path: join(work, 'notes.md'),
    content: '# Notes\n',
  });
  expect(byName('Edit')).toMatchObject({
    file_path: join(work, 'greet.txt'),
    old_string: expect.stringContaining('Helo'),
    new_string: expect.stringContaining('Hello'),
  });
  for (const input of [byName('Bash'), byName('Write'), byName('Edit')]) {
    expect(input).not.toHaveProperty('title');
    expect(input).not.toHaveProperty('kind');
  }
  // canUseTool saw the same names and inputs (T-05, PM-02).
  for (const { toolName, input } of asked) expect(byName(toolName)).toEqual(input);
  expect(asked.map((entry) => entry.toolName).sort()).toEqual(['Bash', 'Edit', 'Write']);
  expect(readFileSync(join(work, 'shell.txt'), 'utf8')).toBe('hi\n');
  expect(readFileSync(join(work, 'notes.md'), 'utf8')).toBe('# Notes\n');
  expect(readFileSync(join(work, 'greet.txt'), 'utf8')).toBe('Hello, world.\n');
  expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'All done.' });
}

describe('T-05 Claude-shaped tool inputs on the real agents, through agentbridge', () => {
  const gemini = useCliWorlds(createGeminiWorld);
  const codex = useCliWorlds(createCodexWorld);
  const qwen = useCliWorlds(createQwenWorld);

  it('T-05 Gemini CLI: run_shell_command, write_file and replace reach the client as Bash, Write and Edit', async () => {
    const asked: Asked[] = [];
    const { world, run } = await gemini.start({ query: allowAll(asked) });
    const work = world.directories.workDirectory;
    writeFileSync(join(work, 'greet.txt'), 'Helo, world.\n');
    const call = (name: string, args: Record<string, unknown>) => ({
      parts: [{ functionCall: { name, args } }],
    });
    world.server.enqueueTurn(
      call('run_shell_command', {
        command: 'echo hi > shell.txt',
        description: 'Create shell.txt',
      }),
    );
    world.server.enqueueTurn(
      call('write_file', { file_path: join(work, 'notes.md'), content: '# Notes\n' }),
    );
    world.server.enqueueTurn(
      call('replace', {
        file_path: join(work, 'greet.txt'),
        old_string: 'Helo',
        new_string: 'Hello',
        instruction: 'Fix the greeting.',
      }),
    );
    world.server.enqueueTurn({ parts: [{ text: 'All done.' }] });
    expectClaudeShapedTools(await run.turn('Do the three things.'), asked, work);
  });

  it('T-05 codex-acp: exec_command and apply_patch (add, update) reach the client as Bash, Write and Edit', async () => {
    const asked: Asked[] = [];
    const { world, run } = await codex.start({ query: allowAll(asked) });
    const work = world.directories.workDirectory;
    writeFileSync(join(work, 'greet.txt'), 'Helo, world.\n');
    const patch = (body: string, callId: string) => ({
      items: [
        {
          type: 'custom_tool_call' as const,
          name: 'apply_patch',
          input: `*** Begin Patch\n${body}*** End Patch\n`,
          callId,
        },
      ],
    });
    world.server.enqueueTurn({
      items: [execCommandCall('echo hi > shell.txt', 'call_exec', 'Create shell.txt')],
    });
    world.server.enqueueTurn(patch('*** Add File: notes.md\n+# Notes\n', 'call_add'));
    world.server.enqueueTurn(
      patch('*** Update File: greet.txt\n@@\n-Helo, world.\n+Hello, world.\n', 'call_update'),
    );
    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['All done.'] }] });
    expectClaudeShapedTools(await run.turn('Do the three things.'), asked, work);
  });

  it('T-05 Qwen Code: run_shell_command, write_file and edit reach the client as Bash, Write and Edit', async () => {
    const asked: Asked[] = [];
    const { world, run } = await qwen.start({ query: allowAll(asked) });
    const work = world.directories.workDirectory;
    writeFileSync(join(work, 'greet.txt'), 'Helo, world.\n');
    const call = (name: string, args: Record<string, unknown>) => ({
      parts: [{ type: 'tool_call' as const, name, arguments: args }],
    });
    world.server.enqueueTurn(
      call('run_shell_command', {
        command: `echo hi > ${join(work, 'shell.txt')}`,
        description: 'Create shell.txt',
      }),
    );
    world.server.enqueueTurn(
      call('write_file', { file_path: join(work, 'notes.md'), content: '# Notes\n' }),
    );
    // Qwen edits only files read in the session.
    world.server.enqueueTurn(call('read_file', { file_path: join(work, 'greet.txt') }));
    world.server.enqueueTurn(
      call('edit', { file_path: join(work, 'greet.txt'), old_string: 'Helo', new_string: 'Hello' }),
    );
    world.server.enqueueTurn({ parts: [{ type: 'text', text: 'All done.' }] });
    const messages = await run.turn('Do the three things.');
    expectClaudeShapedTools(messages, asked, work);
    expect(assistantBlocks(messages).find((block) => block.name === 'Read')?.input).toEqual({
      file_path: join(work, 'greet.txt'),
    });
  });
});
