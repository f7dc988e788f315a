import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kindOf } from '@agentbridge/test-kit';
import type { HookCallbackMatcher, Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox } from './__fixtures__/create-sdk-sandbox.js';

type Json = Record<string, unknown>;

const scenarioRoots: string[] = [];
let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  if (sandbox !== undefined) expect(await sandbox.dispose()).toEqual([]);
  sandbox = undefined;
  for (const root of scenarioRoots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const chunk = (text: string) => ({
  type: 'update',
  update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
});
const completed = (toolCallId: string) => ({
  type: 'update',
  update: { sessionUpdate: 'tool_call_update', toolCallId, status: 'completed' },
});
const askShell = (
  toolCallId: string,
  command: string,
  onAllow: Json[] = [completed(toolCallId)],
) => ({
  type: 'request-permission',
  toolCall: { toolCallId, title: command, kind: 'execute', rawInput: { command } },
  onAllow,
});

/** A sandbox whose fake agent plays `scenario` (written for the test: it may name the cwd). */
function start(scenario: (cwd: string) => Json): SdkSandbox {
  const root = mkdtempSync(join(tmpdir(), 'agentbridge-limits-'));
  scenarioRoots.push(root);
  const file = join(root, 'scenario.json');
  const created = createSdkSandbox(file);
  writeFileSync(
    file,
    JSON.stringify({
      initialize: { agentInfo: { name: 'limits-agent', version: '1.0.0' } },
      sessionNew: { sessionId: 'limits-1', ...(scenario(created.cwd).sessionNew as Json) },
      ...scenario(created.cwd),
    }),
  );
  sandbox = created;
  return created;
}

/** The messages of one query; an error result also makes the SDK throw, after yielding it. */
async function run(prompt: string, options: Options): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  try {
    for await (const message of query({ prompt, options })) messages.push(message);
  } catch (error) {
    if (!messages.some((message) => message.type === 'result')) throw error;
  }
  return messages;
}

const resultOf = (messages: SDKMessage[]) =>
  messages.find((message) => message.type === 'result') as Json;
const informational = (messages: SDKMessage[]) =>
  messages.flatMap((message) =>
    kindOf(message) === 'system/informational' ? [(message as Json).content] : [],
  );
const toolBlocks = (messages: SDKMessage[], type: 'tool_use' | 'tool_result') =>
  messages.flatMap((message) =>
    (message.type === 'assistant' || message.type === 'user') &&
    Array.isArray(message.message.content)
      ? (message.message.content as unknown as Json[]).filter((block) => block.type === type)
      : [],
  );
const permissionAnswers = (box: SdkSandbox) => {
  const asked = new Set(
    box
      .receivedFromAgent()
      .flatMap((message) => (message.method === 'session/request_permission' ? [message.id] : [])),
  );
  return box
    .sentToAgent()
    .flatMap((message) =>
      asked.has(message.id as number) && !message.method ? [message.result] : [],
    );
};

describe('the Claude Agent SDK options that limit the agent, through agentbridge', () => {
  it('LM-01 maxTurns: 1 ends error_max_turns after the first tool round; the second tool is refused', async () => {
    const box = start(() => ({
      prompts: [{ steps: [askShell('t1', 'ls'), askShell('t2', 'rm -rf build'), chunk('Done.')] }],
    }));
    const messages = await run('two rounds', box.options({ maxTurns: 1, allowedTools: ['Bash'] }));
    expect(resultOf(messages)).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      errors: ['Reached maximum number of turns (1)'],
      num_turns: 2,
    });
    expect(permissionAnswers(box)[0]).toEqual({
      outcome: { outcome: 'selected', optionId: 'allow' },
    });
    expect(permissionAnswers(box).slice(1)).not.toContainEqual({
      outcome: { outcome: 'selected', optionId: 'allow' },
    });
    expect(box.sentToAgent().some((message) => message.method === 'session/cancel')).toBe(true);
  });

  it('LM-03 maxBudgetUsd: a cost past the budget refuses the pending tool and ends error_max_budget_usd', async () => {
    const box = start(() => ({
      prompts: [
        {
          steps: [
            {
              type: 'update',
              update: {
                sessionUpdate: 'usage_update',
                used: 1,
                size: 9,
                cost: { amount: 0.5, currency: 'USD' },
              },
            },
            askShell('t1', 'ls'),
          ],
        },
      ],
    }));
    const messages = await run(
      'spend',
      box.options({ maxBudgetUsd: 0.25, allowedTools: ['Bash'] }),
    );
    expect(resultOf(messages)).toMatchObject({
      subtype: 'error_max_budget_usd',
      errors: ['Reached maximum budget ($0.25)'],
      total_cost_usd: 0.5,
    });
    expect(permissionAnswers(box)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'reject' } },
    ]);
  });

  it('LM-03 LM-08 maxBudgetUsd on an agent that reports no cost is told in-band', async () => {
    const box = start(() => ({ prompts: [{ steps: [chunk('Hi.')] }] }));
    const messages = await run('hello', box.options({ maxBudgetUsd: 1 }));
    expect(informational(messages)).toEqual([
      expect.stringContaining('--max-budget-usd 1 cannot be enforced'),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success' });
  });

  it('LM-04 LM-05 tools and disallowedTools: a tool outside the set, or disallowed, is refused', async () => {
    const scenario = () => ({
      prompts: [{ steps: [askShell('t1', 'ls'), chunk('Could not list.')] }],
    });
    for (const options of [{ tools: ['Read'] }, { disallowedTools: ['Bash'] }] as Options[]) {
      const box = start(scenario);
      const messages = await run('list', box.options({ ...options, allowedTools: ['Bash'] }));
      expect(permissionAnswers(box)).toEqual([
        { outcome: { outcome: 'selected', optionId: 'reject' } },
      ]);
      expect(resultOf(messages)).toMatchObject({
        permission_denials: [expect.objectContaining({ tool_name: 'Bash' })],
      });
      expect(await box.dispose()).toEqual([]);
      sandbox = undefined;
    }
  });

  it('LM-06 effort and thinking set the agent thought_level option before the first prompt; an agent without one is told in-band', async () => {
    const effort = {
      sessionNew: {
        configOptions: [
          {
            id: 'reasoning_effort',
            name: 'Reasoning Effort',
            category: 'thought_level',
            type: 'select',
            currentValue: 'medium',
            options: ['low', 'medium', 'high'].map((value) => ({ value, name: value })),
          },
        ],
      },
      setConfigOption: {},
      prompts: [{ steps: [chunk('Thought.')] }],
    };
    for (const [options, value] of [
      [{ effort: 'high' }, 'high'],
      [{ thinking: { type: 'disabled' } }, 'low'],
      [{ maxThinkingTokens: 12_000 }, 'medium'],
    ] as [Options, string][]) {
      const box = start(() => effort);
      const messages = await run('think', box.options(options));
      expect(resultOf(messages)).toMatchObject({ subtype: 'success' });
      const methods = box.sentToAgent().map((message) => message.method);
      expect(methods.indexOf('session/set_config_option')).toBeLessThan(
        methods.indexOf('session/prompt'),
      );
      expect(
        box.sentToAgent().find((message) => message.method === 'session/set_config_option')?.params,
      ).toMatchObject({
        configId: 'reasoning_effort',
        value,
      });
      expect(await box.dispose()).toEqual([]);
      sandbox = undefined;
    }
    const plain = start(() => ({ prompts: [{ steps: [chunk('Hi.')] }] }));
    const messages = await run('think', plain.options({ effort: 'low' }));
    expect(informational(messages)).toEqual([
      '--effort low could not be applied: the agent offers no thinking-level setting.',
    ]);
  });

  it('LM-07 fallbackModel: a model-unavailable error switches to the fallback once and the prompt is sent again', async () => {
    const box = start(() => ({
      sessionNew: {
        models: {
          currentModelId: 'fake-small',
          availableModels: [
            { modelId: 'fake-small', name: 'Small' },
            { modelId: 'fake-large', name: 'Large' },
          ],
        },
      },
      setModel: {},
      prompts: [
        { error: { code: 404, message: 'model fake-small not found' } },
        { steps: [chunk('Answered by the fallback.')] },
      ],
    }));
    const messages = await run(
      'hello',
      box.options({ model: 'fake-small', fallbackModel: 'fake-large' }),
    );
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Answered by the fallback.',
    });
    expect(
      box
        .sentToAgent()
        .filter((message) => message.method === 'session/set_model')
        .at(-1)?.params,
    ).toMatchObject({
      modelId: 'fake-large',
    });
    expect(informational(messages).at(-1)).toContain('switched to the fallback model fake-large');
  });

  it('LM-08 an option no ACP agent can honour is told in-band, and the run goes on', async () => {
    const box = start(() => ({ prompts: [{ steps: [chunk('Hi.')] }] }));
    const options = { betas: ['context-1m-2025-08-07'] } as Options;
    const messages = await run('hello', box.options(options));
    expect(informational(messages)).toEqual([
      '--betas cannot be honoured by an ACP agent and is ignored.',
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Hi.' });
  });

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
