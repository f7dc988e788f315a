import { describe, expect, it } from 'vitest';
import {
  contextReading,
  contextWindow,
  createUsageLedger,
  zeroRow,
} from './__fixtures__/untrusted-ledger.js';

describe('createUsageLedger', () => {
  it('U-01 U-22 U-23 usage_update feeds the context meter through result iterations and modelUsage (scenario 78)', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.applyUsageUpdate({ sessionUpdate: 'usage_update', used: 53000, size: 200000 });
    ledger.foldPromptResponse({
      stopReason: 'end_turn',
      usage: {
        totalTokens: 2000,
        inputTokens: 1200,
        outputTokens: 300,
        thoughtTokens: 99,
        cachedReadTokens: 500,
        cachedWriteTokens: 7,
      },
    });
    const result = ledger.resultUsage('gemini-2.5-pro');
    expect(result.usage).toMatchObject({
      input_tokens: 1200,
      output_tokens: 300,
      cache_read_input_tokens: 500,
      cache_creation_input_tokens: 7,
      iterations: [
        {
          input_tokens: 53000,
          output_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      ],
    });
    expect(result.modelUsage).toEqual({
      'gemini-2.5-pro': {
        ...zeroRow,
        inputTokens: 1200,
        outputTokens: 300,
        cacheReadInputTokens: 500,
        cacheCreationInputTokens: 7,
        contextWindow: 200000,
      },
    });
    expect(result.total_cost_usd).toBe(0);
  });

  it('U-23 a known window alone shows the meter under the current model, or "agent" without one', () => {
    const ledger = createUsageLedger();
    ledger.applyUsageUpdate({ size: 128000 });
    expect(ledger.resultUsage().modelUsage).toEqual({
      agent: { ...zeroRow, contextWindow: 128000 },
    });
    expect(ledger.resultUsage('m').modelUsage).toEqual({
      m: { ...zeroRow, contextWindow: 128000 },
    });
  });

  it('S-06 U-01 a usage_update during session/load is kept as the first reading (scenario 85)', () => {
    const ledger = createUsageLedger();
    ledger.applyUsageUpdate({ used: 1234, size: 200000 });
    ledger.startTurn();
    expect(contextReading(ledger)).toBe(1234);
    expect(ledger.assistantUsage()).toMatchObject({ cache_read_input_tokens: 1234 });
    expect(ledger.resultUsage('m').usage).toMatchObject({
      iterations: [expect.objectContaining({ input_tokens: 1234 })],
    });
  });

  it('N-02 U-02 U-12 U-21 GA-12 Grok catalog window and notification totalTokens drive the meter (scenario 86)', () => {
    const ledger = createUsageLedger();
    ledger.setCatalogWindows({ 'grok-4': 256000 });
    ledger.startTurn();
    ledger.applyNotificationMeta({ totalTokens: 41250 });
    expect(ledger.assistantUsage()).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 41250,
    });
    ledger.foldPromptResponse({
      stopReason: 'end_turn',
      _meta: {
        totalTokens: 41300,
        modelId: 'grok-4',
        usage: {
          inputTokens: 80000,
          cachedReadTokens: 70000,
          cacheCreationTokens: 0,
          outputTokens: 500,
          costUsdTicks: 1_200_000_000,
          modelUsage: {
            'grok-4': { inputTokens: 80000, cachedReadTokens: 70000, outputTokens: 500 },
          },
        },
      },
    });
    const result = ledger.resultUsage('grok-4');
    expect(contextReading(ledger)).toBe(41300);
    expect(result.usage).toMatchObject({
      input_tokens: 10000,
      output_tokens: 500,
      cache_read_input_tokens: 70000,
      iterations: [expect.objectContaining({ input_tokens: 41300 })],
    });
    expect(result.modelUsage).toEqual({
      'grok-4': {
        ...zeroRow,
        inputTokens: 10000,
        outputTokens: 500,
        contextWindow: 256000,
        costUSD: result.total_cost_usd,
      },
    });
    expect(result.total_cost_usd).toBeCloseTo(0.12, 10);
  });

  it('N-02 U-11 last-call meta alone still counts tokens, and totalTokens 0 does not wipe the reading (scenario 87)', () => {
    const ledger = createUsageLedger();
    ledger.startTurn();
    ledger.applyNotificationMeta({ totalTokens: 41250 });
    ledger.applyNotificationMeta({ totalTokens: 0 });
    ledger.foldPromptResponse({
      stopReason: 'end_turn',
      _meta: { totalTokens: 0, inputTokens: 1000, outputTokens: 50, cachedReadTokens: 300 },
    });
    expect(contextReading(ledger)).toBe(41250);
    expect(ledger.resultUsage('grok-4').usage).toMatchObject({
      input_tokens: 1000,
      output_tokens: 50,
      cache_read_input_tokens: 300,
    });
  });

  it('U-21 C-02 set_model switches the catalog window until a usage_update size overrides it (scenario 88)', () => {
    const ledger = createUsageLedger();
    ledger.setCatalogWindows({ 'grok-4': 256000, 'grok-code': 128000 });
    expect(contextWindow(ledger, 'grok-4')).toBe(256000);
    expect(contextWindow(ledger, 'grok-code')).toBe(128000);
    expect(contextWindow(ledger, 'unknown')).toBe(0);
    expect(contextWindow(ledger)).toBe(0);
    ledger.applyUsageUpdate({ size: 200000 });
    expect(contextWindow(ledger, 'grok-4')).toBe(200000);
    expect(contextWindow(ledger, 'grok-code')).toBe(200000);
  });

  it('U-01 a size-only update arms the window and a used-only update sets the reading', () => {
    const ledger = createUsageLedger();
    ledger.applyUsageUpdate({ size: 1000 });
    expect(contextReading(ledger)).toBe(-1);
    expect(contextWindow(ledger)).toBe(1000);
    ledger.applyUsageUpdate({ used: 0 });
    expect(contextReading(ledger)).toBe(0);
    expect(ledger.assistantUsage()).toEqual({ input_tokens: 0, output_tokens: 0 });
    ledger.applyUsageUpdate({ size: 0, used: -5 });
    expect(contextWindow(ledger)).toBe(1000);
    expect(contextReading(ledger)).toBe(0);
  });
});
