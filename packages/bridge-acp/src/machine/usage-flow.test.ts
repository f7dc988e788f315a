import { describe, expect, it } from 'vitest';
import { createHarness } from '../__fixtures__/bridge-harness.js';

function turnHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness(options);
  harness.initialize();
  harness.user('go');
  return harness;
}

const lastResult = (harness: ReturnType<typeof createHarness>) =>
  harness.linesOf('result').at(-1) ?? {};

describe('usage through the bridge', () => {
  it('ST-06 message_delta carries the turn output tokens, the ending answer included', () => {
    const harness = turnHarness({ launch: { includePartialMessages: true } });
    harness.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'A' } });
    harness.endPrompt('end_turn', { usage: { inputTokens: 5, outputTokens: 30 } });
    harness.user('again');
    harness.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'B' } });
    harness.endPrompt('end_turn', { _meta: { quota: { token_count: { output_tokens: 12 } } } });
    const deltas = harness
      .linesOf('stream_event')
      .filter((line) => line.event.type === 'message_delta');
    expect(deltas.map((line) => line.event.usage.output_tokens)).toEqual([30, 12]);
    expect(harness.linesOf('result').map((line) => line.usage.output_tokens)).toEqual([30, 12]);
  });

  it('seed#78 U-01 U-22 U-23 a usage_update feeds the context meter through result iterations and modelUsage', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'usage_update', used: 53000, size: 200000 });
    harness.endPrompt('end_turn', {
      usage: { inputTokens: 120, outputTokens: 30, cachedReadTokens: 10, totalTokens: 160 },
    });
    const result = lastResult(harness);
    expect(result.usage).toMatchObject({
      input_tokens: 120,
      output_tokens: 30,
      cache_read_input_tokens: 10,
    });
    expect(result.usage.iterations).toEqual([
      {
        input_tokens: 53000,
        output_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    ]);
    expect(result.modelUsage['gemini-2.5-pro']).toMatchObject({
      inputTokens: 120,
      outputTokens: 30,
      contextWindow: 200000,
    });
  });

  it('seed#79 U-11 without usage the Gemini quota meta gives tokens and per-model rows, no meter', () => {
    const harness = turnHarness();
    harness.endPrompt('end_turn', {
      _meta: {
        quota: {
          token_count: { input_tokens: 40, output_tokens: 8 },
          model_usage: [
            { model: 'gemini-2.5-pro', token_count: { input_tokens: 40, output_tokens: 8 } },
          ],
        },
      },
    });
    const result = lastResult(harness);
    expect(result.usage).toMatchObject({ input_tokens: 40, output_tokens: 8 });
    expect(result.usage.iterations).toBeUndefined();
    expect(result.modelUsage['gemini-2.5-pro']).toMatchObject({
      inputTokens: 40,
      outputTokens: 8,
      contextWindow: 0,
    });
  });

  it('seed#80 U-11 codex camelCase token_count is read when usage is absent', () => {
    const harness = turnHarness();
    harness.endPrompt('end_turn', {
      _meta: { quota: { token_count: { inputTokens: 5, outputTokens: 6, cachedInputTokens: 7 } } },
    });
    expect(lastResult(harness).usage).toMatchObject({
      input_tokens: 5,
      output_tokens: 6,
      cache_read_input_tokens: 7,
    });
  });

  it('seed#81 U-20 a mid-turn usage_update rides on the next assistant line without inflating the counter', () => {
    const harness = turnHarness();
    harness.update({ sessionUpdate: 'usage_update', used: 41250, size: 200000 });
    harness.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } });
    harness.endPrompt();
    expect(harness.linesOf('assistant')[0]?.message.usage).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 41250,
    });
  });

  it('seed#82 U-01 U-24 a USD cost becomes total_cost_usd; other currencies are dropped', () => {
    const harness = turnHarness();
    harness.update({
      sessionUpdate: 'usage_update',
      used: 1,
      size: 10,
      cost: { amount: 0.12, currency: 'usd' },
    });
    harness.update({
      sessionUpdate: 'usage_update',
      used: 1,
      size: 10,
      cost: { amount: 99, currency: 'EUR' },
    });
    harness.endPrompt();
    expect(lastResult(harness).total_cost_usd).toBe(0.12);
  });

  it('seed#83 U-23 with no usage reported the result carries zeros and no modelUsage rows', () => {
    const harness = turnHarness();
    harness.endPrompt();
    const result = lastResult(harness);
    expect(result.usage).toMatchObject({
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    expect(result.modelUsage).toEqual({});
    expect(result.total_cost_usd).toBe(0);
  });

  it('seed#84 U-10 folded steering prompts sum their usage; the next turn restarts at zero', () => {
    const harness = turnHarness();
    harness.user('steer');
    harness.endPrompt('end_turn', { usage: { inputTokens: 10, outputTokens: 1 } });
    harness.endPrompt('end_turn', { usage: { inputTokens: 20, outputTokens: 2 } });
    expect(lastResult(harness).usage).toMatchObject({ input_tokens: 30, output_tokens: 3 });
    harness.user('next');
    harness.endPrompt('end_turn', { usage: { inputTokens: 4, outputTokens: 1 } });
    expect(lastResult(harness).usage).toMatchObject({ input_tokens: 4, output_tokens: 1 });
  });

  it('seed#85 S-06 U-01 a usage_update during session/load replay is kept as the first reading', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { 'session/load': 'hold' },
    });
    harness.initialize();
    harness.update({ sessionUpdate: 'usage_update', used: 7777, size: 100000 }, 'old-1');
    harness.respond(harness.lastRequest('session/load').id, null);
    harness.user('go');
    harness.endPrompt();
    expect(lastResult(harness).usage.iterations[0].input_tokens).toBe(7777);
  });

  it('seed#86 N-02 U-12 U-21 Grok catalog windows and notification meta drive the meter and the cost', () => {
    const harness = createHarness({
      script: {
        'session/new': {
          result: {
            sessionId: 'sess-1',
            models: {
              currentModelId: 'grok-4',
              availableModels: [
                { modelId: 'grok-4', name: 'Grok 4', _meta: { totalContextTokens: 256000 } },
              ],
            },
          },
        },
      },
    });
    harness.initialize();
    harness.user('go');
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } },
      'sess-1',
      { totalTokens: 41250 },
    );
    harness.endPrompt('end_turn', {
      _meta: {
        totalTokens: 41300,
        usage: {
          inputTokens: 80000,
          cachedReadTokens: 70000,
          outputTokens: 50,
          costUsdTicks: 1200000000,
        },
      },
    });
    expect(harness.linesOf('assistant')[0]?.message.usage.cache_read_input_tokens).toBe(41250);
    const result = lastResult(harness);
    expect(result.usage.iterations[0].input_tokens).toBe(41300);
    expect(result.usage.input_tokens).toBe(10000);
    expect(result.total_cost_usd).toBeCloseTo(0.12);
    expect(result.modelUsage['grok-4'].contextWindow).toBe(256000);
  });

  it('seed#87 U-11 a last-call-only Grok meta still counts tokens; a zero totalTokens does not wipe the reading', () => {
    const harness = turnHarness();
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } },
      'sess-1',
      { totalTokens: 500 },
    );
    harness.endPrompt('end_turn', { _meta: { totalTokens: 0, inputTokens: 9, outputTokens: 3 } });
    const result = lastResult(harness);
    expect(result.usage).toMatchObject({ input_tokens: 9, output_tokens: 3 });
    expect(result.usage.iterations[0].input_tokens).toBe(500);
  });

  it('seed#88 U-21 set_model switches the catalog window until a usage_update overrides it', () => {
    const harness = createHarness({
      script: {
        'session/new': {
          result: {
            sessionId: 'sess-1',
            models: {
              currentModelId: 'small',
              availableModels: [
                { modelId: 'small', name: 'Small', _meta: { totalContextTokens: 1000 } },
                { modelId: 'large', name: 'Large', _meta: { totalContextTokens: 9000 } },
              ],
            },
          },
        },
      },
    });
    harness.initialize();
    harness.client({
      type: 'control_request',
      request_id: 'sm',
      request: { subtype: 'set_model', model: 'large' },
    });
    harness.user('go');
    harness.endPrompt('end_turn', { usage: { inputTokens: 1, outputTokens: 1 } });
    expect(lastResult(harness).modelUsage.large.contextWindow).toBe(9000);
    harness.user('again');
    harness.update({ sessionUpdate: 'usage_update', used: 10, size: 5000 });
    harness.endPrompt('end_turn', { usage: { inputTokens: 1, outputTokens: 1 } });
    expect(lastResult(harness).modelUsage.large.contextWindow).toBe(5000);
  });
});

describe('usage told in notifications', () => {
  it('U-02 Qwen’s _meta.usage on an update counts like a prompt answer’s; the answer then adds none', () => {
    const harness = turnHarness();
    const usage = (inputTokens: number, outputTokens: number) => ({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: '' },
      _meta: { usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens } },
    });
    harness.update(usage(100, 20));
    harness.update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Hi' } });
    harness.update(usage(130, 5));
    harness.endPrompt('end_turn', { usage: { inputTokens: 999, outputTokens: 999 } });
    expect(lastResult(harness).usage).toMatchObject({ input_tokens: 230, output_tokens: 25 });
    // An empty chunk carrying usage is no text.
    expect(harness.linesOf('assistant').map((line) => line.message.content[0].text)).toEqual([
      'Hi',
    ]);
    harness.user('again');
    harness.endPrompt('end_turn', { usage: { inputTokens: 7, outputTokens: 3 } });
    expect(lastResult(harness).usage).toMatchObject({ input_tokens: 7, output_tokens: 3 });
  });

  it('U-02 notification-level _meta usage rows count too (the shapes of prompt answers)', () => {
    const harness = turnHarness();
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } },
      'sess-1',
      {
        quota: { token_count: { input_tokens: 40, output_tokens: 4 } },
      },
    );
    harness.endPrompt();
    expect(lastResult(harness).usage).toMatchObject({ input_tokens: 40, output_tokens: 4 });
  });
});
