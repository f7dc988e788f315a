import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookCallbackMatcher } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chunk,
  disposeScenario,
  type Json,
  resultOf,
  run,
  start,
  toolBlocks,
} from './__fixtures__/limits-scenario.js';

afterEach(disposeScenario);

describe('the Claude Agent SDK options that limit the agent, through agentbridge', () => {
  it('HK-06 CF-02 CF-03 CF-04 hooks and the client fs and terminal methods on real files and a real command', async () => {
    const box = start((cwd) => ({
      prompts: [
        {
          steps: [
            {
              type: 'client-request',
              method: 'fs/read_text_file',
              params: { path: join(cwd, 'in.txt') },
            },
            {
              type: 'client-request',
              method: 'fs/write_text_file',
              params: { path: join(cwd, 'out.txt'), content: 'written' },
            },
            {
              type: 'client-request',
              method: 'fs/write_text_file',
              params: { path: join(cwd, '..', 'escape.txt'), content: 'x' },
            },
            {
              type: 'client-request',
              method: 'terminal/create',
              params: { command: process.execPath, args: ['-e', 'console.log("from a terminal")'] },
              onResult: [],
            },
            chunk('All done.'),
          ],
        },
      ],
    }));
    writeFileSync(join(box.cwd, 'in.txt'), 'read me');
    const hookInputs: Json[] = [];
    const record: HookCallbackMatcher = {
      hooks: [
        async (input) => {
          hookInputs.push(input as Json);
          return {};
        },
      ],
    };
    const asked: string[] = [];
    const messages = await run(
      'files',
      box.options({
        hooks: { PreToolUse: [record], PostToolUse: [record] },
        canUseTool: async (toolName, input) => {
          asked.push(toolName);
          return { behavior: 'allow', updatedInput: input };
        },
      }),
    );
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'All done.' });
    expect(readFileSync(join(box.cwd, 'out.txt'), 'utf8')).toBe('written');
    expect(existsSync(join(box.root, 'escape.txt'))).toBe(false);
    expect(toolBlocks(messages, 'tool_use').map((block) => block.name)).toEqual([
      'Read',
      'Write',
      'Write',
      'Bash',
    ]);
    expect(toolBlocks(messages, 'tool_result').slice(0, 3)).toEqual([
      expect.objectContaining({ content: 'read me', is_error: false }),
      expect.objectContaining({ content: `The file ${join(box.cwd, 'out.txt')} was written.` }),
      expect.objectContaining({ is_error: true, content: expect.stringContaining('outside') }),
    ]);
    // Read needs no asking, as in Claude Code; the writes and the command were asked for.
    expect(asked).toEqual(['Write', 'Write', 'Bash']);
    expect(
      hookInputs
        .filter((input) => input.hook_event_name === 'PreToolUse')
        .map((input) => input.tool_name),
    ).toEqual(['Read', 'Write', 'Write', 'Bash']);
    expect(
      box.receivedFromAgent().some((message) => JSON.stringify(message).includes('terminalId')),
    ).toBe(false);
    expect(
      box.sentToAgent().some((message) => JSON.stringify(message.result ?? '').includes('term-')),
    ).toBe(true);
  });
});
