import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chunk,
  disposeScenario,
  resultOf,
  run,
  start,
  toolBlocks,
} from './__fixtures__/limits-scenario.js';

afterEach(disposeScenario);

const line = "printf 'hello' > hello.txt && cat hello.txt";
const terminal = (method: string, onResult: unknown[] = []) => ({
  type: 'client-request',
  method,
  params: { terminalId: '{{result.terminalId}}' },
  onResult,
});
/** An agent that runs a whole shell line in a client terminal, as agents written for Zed do. */
const shellLineAgent = () => ({
  prompts: [
    {
      steps: [
        {
          type: 'client-request',
          method: 'terminal/create',
          params: { command: line },
          onResult: [
            terminal('terminal/wait_for_exit', [
              terminal('terminal/output', [terminal('terminal/release')]),
            ]),
          ],
        },
        chunk('Done.'),
      ],
    },
  ],
});

describe('a whole shell line in terminal/create, through agentbridge and the Claude Agent SDK', () => {
  it('CF-12 CF-04 the line runs in the shell once allowed: the file is made, the SDK sees Bash {command} and the output as its tool_result', async () => {
    const box = start(shellLineAgent);
    const asked: unknown[] = [];
    const messages = await run(
      'make hello',
      box.options({
        canUseTool: async (toolName, input) => {
          asked.push({ toolName, input });
          return { behavior: 'allow', updatedInput: input };
        },
      }),
    );
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Done.' });
    expect(asked).toEqual([{ toolName: 'Bash', input: { command: line } }]);
    expect(readFileSync(join(box.cwd, 'hello.txt'), 'utf8')).toBe('hello');
    expect(toolBlocks(messages, 'tool_use')).toEqual([
      expect.objectContaining({ name: 'Bash', input: { command: line } }),
    ]);
    expect(toolBlocks(messages, 'tool_result')).toEqual([
      expect.objectContaining({ content: 'hello', is_error: false }),
    ]);
    const created = box.sentToAgent().find((message) => JSON.stringify(message).includes('term-'));
    expect(created?.result).toEqual({ terminalId: expect.stringMatching(/^term-/) });
  });

  it('CF-12 CF-04 a denied line never runs: no file, the agent gets the refusal', async () => {
    const box = start(shellLineAgent);
    const messages = await run(
      'make hello',
      box.options({
        canUseTool: async () => ({ behavior: 'deny', message: 'not now' }),
      }),
    );
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Done.' });
    expect(existsSync(join(box.cwd, 'hello.txt'))).toBe(false);
    const refusal = box.sentToAgent().find((message) => message.error !== undefined);
    expect(JSON.stringify(refusal?.error)).toContain('Permission denied: not now');
  });
});
