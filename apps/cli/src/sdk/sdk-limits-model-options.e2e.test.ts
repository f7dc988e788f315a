import type { Options } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chunk,
  disposeScenario,
  forgetSandbox,
  informational,
  resultOf,
  run,
  start,
} from './__fixtures__/limits-scenario.js';

afterEach(disposeScenario);

describe('the Claude Agent SDK options that limit the agent, through agentbridge', () => {
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
      forgetSandbox();
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
});
