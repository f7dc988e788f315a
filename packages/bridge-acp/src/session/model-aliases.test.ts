import { describe, expect, it } from 'vitest';
import { createHarness } from '../__fixtures__/bridge-harness.js';
import { backendWithQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import { readSessionCatalog, resolveModelId } from './session-catalog.js';

const geminiModels = readSessionCatalog({
  models: {
    currentModelId: 'auto',
    availableModels: [
      { modelId: 'auto', name: 'Auto' },
      { modelId: 'gemini-3.1-pro-preview-customtools', name: 'gemini-3.1-pro-preview' },
      { modelId: 'gemini-3.8-flash', name: 'gemini-3.8-flash' },
      { modelId: 'gemini-3.5-flash-lite', name: 'gemini-3.5-flash-lite' },
    ],
  },
});
const aliases = {
  opus: ['gemini-3.1-pro-preview'],
  sonnet: ['gemini-9-flash', 'gemini-3.8-flash'],
  default: ['auto'],
};

describe('Claude model aliases', () => {
  it('SE-07 an alias takes the first of the manifest candidates the agent offers (by id or name)', () => {
    expect(resolveModelId('sonnet', geminiModels, aliases)).toBe('gemini-3.8-flash');
    expect(resolveModelId('opus', geminiModels, aliases)).toBe(
      'gemini-3.1-pro-preview-customtools',
    );
    expect(resolveModelId('default', geminiModels, aliases)).toBe('auto');
    // Claude's other spellings of a tier: `[1m]`, `opusplan` (Sonnet outside plan mode), `best`.
    expect(resolveModelId('sonnet[1m]', geminiModels, aliases)).toBe('gemini-3.8-flash');
    expect(resolveModelId('opusplan', geminiModels, aliases)).toBe('gemini-3.8-flash');
    expect(resolveModelId('best', geminiModels, aliases)).toBe(
      'gemini-3.1-pro-preview-customtools',
    );
  });

  it('SE-07 without a candidate the agent offers, a model whose id or name names the tier; an exact id first', () => {
    const claude = readSessionCatalog({
      models: {
        availableModels: [
          { modelId: 'claude-sonnet-4-5', name: 'Sonnet 4.5' },
          { modelId: 'haiku', name: 'Haiku 5.5' },
          { modelId: 'x-1', name: 'Opus 5' },
        ],
      },
    });
    expect(resolveModelId('sonnet', claude)).toBe('claude-sonnet-4-5');
    expect(resolveModelId('haiku', claude)).toBe('haiku');
    expect(resolveModelId('opus', claude)).toBe('x-1');
    expect(resolveModelId('default', claude)).toBeUndefined();
    expect(resolveModelId('haiku', geminiModels, aliases)).toBeUndefined();
  });

  it('SE-07 the start-up model `sonnet` switches to the mapped model, which system/init names', () => {
    const harness = createHarness({
      launch: { model: 'sonnet' },
      backend: { ...backendWithQuirks({}), models: { aliases: { sonnet: ['gemini-2.5-flash'] } } },
    });
    harness.initialize();
    expect(harness.lastRequest('session/set_model').params).toEqual({
      sessionId: 'sess-1',
      modelId: 'gemini-2.5-flash',
    });
    expect(harness.linesOf('system', 'init')[0]).toMatchObject({ model: 'gemini-2.5-flash' });
  });

  it('SE-07 FT-07 an alias nothing maps is told in-band and the agent keeps its model; an unknown id still fails', () => {
    const harness = createHarness({ launch: { model: 'haiku' } });
    harness.initialize();
    expect(harness.sent('session/set_model')).toEqual([]);
    expect(harness.linesOf('system', 'init')[0]).toMatchObject({ model: 'gemini-2.5-pro' });
    expect(harness.linesOf('system', 'informational').map((line) => line.content)).toEqual([
      "The model alias 'haiku' matches no model of the agent (gemini-2.5-pro, gemini-2.5-flash): the agent's own model is used.",
    ]);
    const unknown = createHarness({ launch: { model: 'gpt-9' } });
    unknown.initialize();
    expect(unknown.linesOf('result').at(-1)?.errors?.[0]).toContain(
      "The model 'gpt-9' is not offered by the agent.",
    );
  });
});
