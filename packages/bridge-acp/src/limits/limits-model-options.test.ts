import { describe, expect, it } from 'vitest';
import { seedSessionResult } from '../__fixtures__/bridge-harness.js';
import { limitsHarness, result, warnings } from './__fixtures__/limits-harness.js';

describe('--effort, --max-thinking-tokens, --thinking', () => {
  const effortSession = {
    ...seedSessionResult(),
    configOptions: [
      {
        id: 'reasoning_effort',
        name: 'Reasoning Effort',
        category: 'thought_level',
        type: 'select',
        currentValue: 'medium',
        options: ['low', 'medium', 'high', 'xhigh'].map((value) => ({ value, name: value })),
      },
    ],
  };
  const script = { 'session/new': { result: effortSession } };

  it.each([
    [{ effort: 'low' }, 'low'],
    [{ effort: 'max' }, 'xhigh'],
    [{ thinking: 'disabled' }, 'low'],
    [{ maxThinkingTokens: 0 }, 'low'],
    [{ maxThinkingTokens: 16_000 }, 'medium'],
    [{ maxThinkingTokens: 31_999 }, 'high'],
  ])('LM-06 %j sets the thought_level option to %s before the first prompt', (limits, value) => {
    const harness = limitsHarness(limits, { script });
    const methods = harness.toAgentLines.map((line) => line.method).filter(Boolean);
    expect(methods.indexOf('session/set_config_option')).toBeLessThan(
      methods.indexOf('session/prompt'),
    );
    expect(harness.lastRequest('session/set_config_option').params).toEqual({
      sessionId: 'sess-1',
      configId: 'reasoning_effort',
      value,
    });
    expect(warnings(harness)).toEqual([]);
  });

  it('LM-06 an agent without a thinking level is named in-band; adaptive thinking asks nothing', () => {
    expect(warnings(limitsHarness({ effort: 'high' }))).toEqual([
      '--effort high could not be applied: the agent offers no thinking-level setting.',
    ]);
    const adaptive = limitsHarness({ thinking: 'adaptive' }, { script });
    expect(adaptive.sent('session/set_config_option')).toEqual([]);
    expect(warnings(adaptive)).toEqual([]);
  });

  it('LM-06 set_max_thinking_tokens switches the thinking level of an agent that has one', () => {
    const harness = limitsHarness({}, { script });
    harness.client({
      type: 'control_request',
      request_id: 'think',
      request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 2_000 },
    });
    expect(harness.lastRequest('session/set_config_option').params.value).toBe('low');
    expect(harness.linesOf('control_response').at(-1)?.response).toEqual({
      subtype: 'success',
      request_id: 'think',
    });
  });
});

describe('--fallback-model', () => {
  it('LM-07 a model-unavailable error switches once to the fallback and sends the prompt again, told in-band', () => {
    const harness = limitsHarness({ fallbackModel: 'gemini-2.5-flash' });
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: 404,
      message: 'models/gemini-2.5-pro is not found for API version v1beta',
    });
    expect(harness.lastRequest('session/set_model').params).toEqual({
      sessionId: 'sess-1',
      modelId: 'gemini-2.5-flash',
    });
    const prompts = harness.sent('session/prompt');
    expect(prompts).toHaveLength(2);
    expect(prompts[1]?.params.prompt).toEqual(prompts[0]?.params.prompt);
    expect(warnings(harness).at(-1)).toContain('switched to the fallback model gemini-2.5-flash');
    // Once: the fallback failing too ends the turn with its error.
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: 503,
      message: 'The model is overloaded.',
    });
    expect(harness.sent('session/prompt')).toHaveLength(2);
    expect(result(harness)).toMatchObject({
      subtype: 'error_during_execution',
      errors: [expect.stringContaining('overloaded')],
    });
  });

  it('LM-07 other errors end the turn; a fallback the agent does not offer is named in-band', () => {
    const harness = limitsHarness({ fallbackModel: 'gpt-9' });
    expect(warnings(harness)).toEqual([
      '--fallback-model gpt-9 is not offered by the agent: no fallback will be tried.',
    ]);
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: -32603,
      message: 'disk full',
    });
    expect(harness.sent('session/set_model')).toEqual([]);
    expect(result(harness)).toMatchObject({ subtype: 'error_during_execution' });
  });
});

describe('options an ACP agent cannot honour', () => {
  it('LM-08 are named to the client in-band after the first system/init', () => {
    const harness = limitsHarness({ ignoredOptions: ['task-budget', 'settings'] });
    const lines = harness.clientLines.filter((line) => line.type === 'system');
    expect(lines.map((line) => line.subtype)).toEqual(['init', 'informational', 'informational']);
    expect(warnings(harness)).toEqual([
      '--task-budget cannot be honoured by an ACP agent and is ignored.',
      '--settings cannot be honoured by an ACP agent and is ignored.',
    ]);
  });
});
