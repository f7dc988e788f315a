import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contextReading,
  createUsageLedger,
  totalCostUsd,
  zeroRow,
} from './__fixtures__/untrusted-ledger.js';

describe('createUsageLedger', () => {
  it('turnOutputTokensAfter previews the output a prompt result adds, without folding it', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.foldPromptResponse({ usage: { outputTokens: 7 } });
    const result = { usage: { outputTokens: 5 }, _meta: { totalTokens: 900 } };
    expect(ledger.turnOutputTokensAfter(result)).toBe(12);
    expect(ledger.turnOutputTokens()).toBe(7);
    expect(contextReading(ledger)).toBe(-1);
    ledger.foldPromptResponse(result);
    expect(ledger.turnOutputTokens()).toBe(12);
    expect(ledger.turnOutputTokensAfter('not a result')).toBe(12);
  });

  it('U-11 U-23 a prompt response without usage falls back to Gemini quota meta: tokens only, no meter (scenario 79)', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.foldPromptResponse({
      stopReason: 'end_turn',
      _meta: {
        quota: {
          token_count: { input_tokens: 900, output_tokens: 120 },
          model_usage: [
            { model: 'gemini-2.5-pro', token_count: { input_tokens: 800, output_tokens: 100 } },
            { model: 'gemini-2.5-flash', token_count: { input_tokens: 100, output_tokens: 20 } },
            { token_count: { input_tokens: 5 } },
          ],
        },
      },
    });
    const result = ledger.resultUsage('gemini-2.5-pro');
    expect(result.usage).toMatchObject({ input_tokens: 900, output_tokens: 120 });
    expect(result.usage).not.toHaveProperty('iterations');
    expect(result.modelUsage).toEqual({
      'gemini-2.5-pro': { ...zeroRow, inputTokens: 800, outputTokens: 100 },
      'gemini-2.5-flash': { ...zeroRow, inputTokens: 100, outputTokens: 20 },
    });
  });

  it('U-11 Codex quota meta with camelCase token_count is read when usage is absent (scenario 80)', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.foldPromptResponse({
      stopReason: 'end_turn',
      _meta: {
        quota: { token_count: { inputTokens: 500, outputTokens: 40, cachedInputTokens: 2000 } },
      },
    });
    expect(ledger.resultUsage('gpt-5').usage).toMatchObject({
      input_tokens: 500,
      output_tokens: 40,
      cache_read_input_tokens: 2000,
    });
  });

  it('U-11 quota token_count is ignored when usage is present, but quota model rows still count', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.foldPromptResponse({
      usage: { inputTokens: 10, outputTokens: 2 },
      _meta: {
        quota: {
          token_count: { inputTokens: 500, outputTokens: 40 },
          model_usage: [{ model: 'gpt-5', token_count: { inputTokens: 10, outputTokens: 2 } }],
        },
      },
    });
    const result = ledger.resultUsage('gpt-5');
    expect(result.usage).toMatchObject({ input_tokens: 10, output_tokens: 2 });
    expect(result.modelUsage['gpt-5']).toMatchObject({ inputTokens: 10, outputTokens: 2 });
  });

  it('U-20 a mid-turn usage_update rides on the next assistant message without inflating the counter (scenario 81)', () => {
    const ledger = createUsageLedger();
    expect(ledger.assistantUsage()).toEqual({ input_tokens: 0, output_tokens: 0 });
    ledger.startTurn();
    ledger.applyUsageUpdate({ used: 53000 });
    expect(ledger.assistantUsage()).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 53000,
    });
    expect(ledger.resultUsage().usage).toMatchObject({ input_tokens: 0, output_tokens: 0 });
  });

  it('U-01 U-24 a USD cost becomes total_cost_usd; other currencies are dropped (scenario 82)', () => {
    const ledger = createUsageLedger();
    ledger.applyUsageUpdate({ used: 10, size: 100, cost: { amount: 0.0123, currency: 'usd' } });
    expect(ledger.resultUsage().total_cost_usd).toBe(0.0123);
    ledger.applyUsageUpdate({ cost: { amount: 5, currency: 'credits' } });
    expect(totalCostUsd(ledger)).toBe(0.0123);
    ledger.applyUsageUpdate({ cost: { amount: -1, currency: 'USD' } });
    expect(totalCostUsd(ledger)).toBe(0.0123);
    ledger.applyUsageUpdate({ cost: { amount: 0.5, currency: 'USD' } });
    expect(totalCostUsd(ledger)).toBe(0.5);
    ledger.startTurn();
    expect(ledger.resultUsage().total_cost_usd).toBe(0.5);
    ledger.applyUsageUpdate({ cost: { currency: 'USD' } });
    expect(totalCostUsd(ledger)).toBe(0);
  });

  it('U-23 with no usage reported the result carries zeros and no modelUsage rows (scenario 83)', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.foldPromptResponse({ stopReason: 'end_turn' });
    const result = ledger.resultUsage('gemini-2.5-pro');
    expect(result).toEqual({
      usage: {
        input_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 0,
        server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
        service_tier: 'standard',
      },
      modelUsage: {},
      total_cost_usd: 0,
    });
  });

  it('U-10 PR-08 steering sends sum usage across the folded prompts, and the next turn restarts at 0 (scenario 84)', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.foldPromptResponse({ usage: { inputTokens: 100, outputTokens: 10 } });
    ledger.foldPromptResponse({ usage: { inputTokens: 50, outputTokens: 5, cachedReadTokens: 3 } });
    expect(ledger.resultUsage('m').usage).toMatchObject({
      input_tokens: 150,
      output_tokens: 15,
      cache_read_input_tokens: 3,
    });
    ledger.startTurn();
    // Nothing reported in the new turn (and no window): no modelUsage row.
    expect(ledger.resultUsage('m').usage).toMatchObject({ input_tokens: 0, output_tokens: 0 });
    expect(ledger.resultUsage('m').modelUsage).toEqual({});
  });

  it('U-11 Grok partial or incomplete costs are not added; other models get rows without the window', () => {
    const ledger = createUsageLedger();
    ledger.setCatalogWindows({ 'grok-4': 256000 });
    ledger.startTurn();
    ledger.foldPromptResponse({
      _meta: {
        usage: {
          inputTokens: 10,
          outputTokens: 1,
          costUsdTicks: 1e10,
          costIsPartial: true,
          modelUsage: { 'grok-mini': { inputTokens: 10, outputTokens: 1 } },
        },
      },
    });
    ledger.foldPromptResponse({
      _meta: { usage: { costUsdTicks: 1e10, usageIsIncomplete: true } },
    });
    const result = ledger.resultUsage('grok-4');
    expect(result.total_cost_usd).toBe(0);
    expect(result.modelUsage).toEqual({
      'grok-mini': { ...zeroRow, inputTokens: 10, outputTokens: 1 },
      'grok-4': { ...zeroRow, contextWindow: 256000 },
    });
  });

  it('U-01 U-11 N-02 the ledger ignores garbage and never yields negative or non-finite figures', () => {
    const anything = fc.anything();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.oneof(anything, fc.jsonValue())), {
          maxLength: 20,
        }),
        fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
        (steps, model) => {
          const ledger = createUsageLedger();
          for (const [kind, value] of steps) {
            if (kind === 0) ledger.applyUsageUpdate(value);
            else if (kind === 1) ledger.applyNotificationMeta(value);
            else if (kind === 2) ledger.foldPromptResponse(value);
            else ledger.startTurn();
          }
          const result = ledger.resultUsage(model);
          for (const key of [
            'input_tokens',
            'output_tokens',
            'cache_read_input_tokens',
            'cache_creation_input_tokens',
          ] as const) {
            const value = result.usage[key];
            expect(typeof value === 'number' && Number.isFinite(value) && value >= 0).toBe(true);
          }
          expect(Number.isFinite(result.total_cost_usd) && result.total_cost_usd >= 0).toBe(true);
          expect(JSON.parse(JSON.stringify(result))).toEqual(result);
        },
      ),
      { numRuns: 300 },
    );
  });
});
