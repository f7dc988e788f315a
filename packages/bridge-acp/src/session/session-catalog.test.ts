import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionResult } from '../json-rpc/agent-schemas.js';
import {
  applyConfigOptionUpdate as applyTyped,
  emptySessionCatalog,
  readSessionCatalog as readTyped,
  resolveModelId,
  type SessionCatalog,
} from './session-catalog.js';

/** Agent data is untrusted: any JSON value may arrive, parsed at the edge as in a run. */
const readSessionCatalog = (result: unknown, previous?: SessionCatalog) =>
  readTyped(sessionResult.parse(result), previous);
const applyConfigOptionUpdate = (catalog: SessionCatalog, options: unknown) =>
  applyTyped(catalog, options as never);

const modelContextWindow = (catalog: SessionCatalog, modelId: string | undefined) =>
  catalog.models.find((model) => model.id === modelId)?.contextWindow;

const geminiSession = {
  sessionId: 'sess-1',
  modes: {
    currentModeId: 'default',
    availableModes: [
      { id: 'default', name: 'Default' },
      { id: 'auto-edit', name: 'Auto edit', description: 'Edits without asking' },
      { id: 'yolo' },
      { id: '', name: 'broken' },
      'garbage',
    ],
  },
  models: {
    currentModelId: 'gemini-2.5-pro',
    availableModels: [
      { modelId: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro' },
      { modelId: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash', description: 'Fast' },
      { name: 'no id' },
    ],
  },
};

const opencodeSession = {
  sessionId: 'ses_1',
  configOptions: [
    {
      id: 'model',
      name: 'Model',
      category: 'model',
      type: 'select',
      currentValue: 'opencode/big-pickle',
      options: [
        { value: 'opencode/big-pickle', name: 'Big Pickle' },
        { value: 'opencode/other', name: 'Other', description: 'Another one' },
      ],
    },
    {
      id: 'mode',
      name: 'Mode',
      type: 'select',
      currentValue: 'build',
      options: [
        { value: 'build', name: 'Build' },
        { value: 'plan', name: 'Plan' },
      ],
    },
    { id: 'thinking', name: 'Thinking', type: 'boolean', currentValue: true },
  ],
};

describe('readSessionCatalog', () => {
  it('S-10 reads modes with a non-empty id; the name defaults to the id', () => {
    const catalog = readSessionCatalog(geminiSession);
    expect(catalog.modes).toEqual([
      { id: 'default', name: 'Default' },
      { id: 'auto-edit', name: 'Auto edit', description: 'Edits without asking' },
      { id: 'yolo', name: 'yolo' },
    ]);
    expect(catalog.currentModeId).toBe('default');
  });

  it('S-11 reads the unstable models list and the current model', () => {
    const catalog = readSessionCatalog(geminiSession);
    expect(catalog.models).toEqual([
      { id: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro' },
      { id: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash', description: 'Fast' },
    ]);
    expect(catalog.currentModelId).toBe('gemini-2.5-pro');
    expect(catalog.modelConfigId).toBeUndefined();
  });

  it('S-11 keeps a per-model context window from _meta.totalContextTokens (Grok)', () => {
    const catalog = readSessionCatalog({
      models: {
        currentModelId: 'grok-4',
        availableModels: [
          { modelId: 'grok-4', name: 'Grok 4', _meta: { totalContextTokens: 256000 } },
          { modelId: 'grok-mini', name: 'Mini', _meta: { totalContextTokens: 0 } },
        ],
      },
    });
    expect(modelContextWindow(catalog, 'grok-4')).toBe(256000);
    expect(modelContextWindow(catalog, 'grok-mini')).toBeUndefined();
    expect(modelContextWindow(catalog, undefined)).toBeUndefined();
  });

  it('S-12 fills models and modes from configOptions by category or id (OpenCode)', () => {
    const catalog = readSessionCatalog(opencodeSession);
    expect(catalog.models.map((model) => model.id)).toEqual([
      'opencode/big-pickle',
      'opencode/other',
    ]);
    expect(catalog.models[1]).toEqual({
      id: 'opencode/other',
      name: 'Other',
      description: 'Another one',
    });
    expect(catalog.currentModelId).toBe('opencode/big-pickle');
    expect(catalog.modelConfigId).toBe('model');
    expect(catalog.modes.map((mode) => mode.id)).toEqual(['build', 'plan']);
    expect(catalog.currentModeId).toBe('build');
    expect(catalog.modeConfigId).toBe('mode');
    expect(catalog.configOptions).toEqual(opencodeSession.configOptions);
  });

  it('S-12 gap fix: grouped option lists are flattened', () => {
    const catalog = readSessionCatalog({
      configOptions: [
        {
          id: 'llm',
          category: 'model',
          type: 'select',
          currentValue: 'b',
          options: [
            { group: 'fast', name: 'Fast', options: [{ value: 'a', name: 'A' }] },
            { group: 'smart', name: 'Smart', options: [{ value: 'b', name: 'B' }] },
          ],
        },
      ],
    });
    expect(catalog.models.map((model) => model.id)).toEqual(['a', 'b']);
    expect(catalog.currentModelId).toBe('b');
    expect(catalog.modelConfigId).toBe('llm');
  });

  it('S-12 the dedicated modes/models fields win over configOptions for the lists', () => {
    const catalog = readSessionCatalog({ ...geminiSession, ...opencodeSession });
    expect(catalog.models[0]?.id).toBe('gemini-2.5-pro');
    expect(catalog.currentModelId).toBe('gemini-2.5-pro');
    expect(catalog.modes[0]?.id).toBe('default');
    expect(catalog.modelConfigId).toBe('model');
  });

  it('S-04 gap fix: a load result without lists keeps the previous lists and current ids', () => {
    const previous = readSessionCatalog(geminiSession);
    expect(readSessionCatalog(null, previous)).toEqual(previous);
    expect(readSessionCatalog({}, previous)).toEqual(previous);
  });

  it('S-10 a result with lists replaces the previous ones; a missing current id keeps the old one', () => {
    const previous = readSessionCatalog(geminiSession);
    const next = readSessionCatalog(
      { modes: { availableModes: [{ id: 'default' }, { id: 'plan' }] } },
      previous,
    );
    expect(next.modes.map((mode) => mode.id)).toEqual(['default', 'plan']);
    expect(next.currentModeId).toBe('default');
    expect(next.models).toEqual(previous.models);
  });

  it('S-10 garbage gives the empty catalog', () => {
    expect(readSessionCatalog('nonsense')).toEqual(emptySessionCatalog);
    expect(readSessionCatalog({ modes: 3, models: null })).toEqual(emptySessionCatalog);
  });
});

describe('applyConfigOptionUpdate', () => {
  it('S-13 gap fix: a config_option_update changes the current model and mode', () => {
    const catalog = readSessionCatalog(opencodeSession);
    const updated = applyConfigOptionUpdate(catalog, [
      { ...opencodeSession.configOptions[0], currentValue: 'opencode/other' },
      { ...opencodeSession.configOptions[1], currentValue: 'plan' },
    ]);
    expect(updated.currentModelId).toBe('opencode/other');
    expect(updated.currentModeId).toBe('plan');
    expect(catalog.currentModelId).toBe('opencode/big-pickle');
  });

  it('S-13 the option values replace the lists when the update carries them', () => {
    const catalog = readSessionCatalog(opencodeSession);
    const updated = applyConfigOptionUpdate(catalog, [
      {
        id: 'model',
        category: 'model',
        type: 'select',
        currentValue: 'x',
        options: [{ value: 'x', name: 'X' }],
      },
    ]);
    expect(updated.models).toEqual([{ id: 'x', name: 'X' }]);
    expect(updated.modes).toEqual(catalog.modes);
    expect(updated.configOptions).toHaveLength(1);
  });

  it('S-13 keeps known context windows when model values are refreshed', () => {
    const catalog = readSessionCatalog({
      models: {
        currentModelId: 'm',
        availableModels: [{ modelId: 'm', name: 'M', _meta: { totalContextTokens: 1000 } }],
      },
    });
    const updated = applyConfigOptionUpdate(catalog, [
      { id: 'model', type: 'select', currentValue: 'm', options: [{ value: 'm', name: 'M' }] },
    ]);
    expect(modelContextWindow(updated, 'm')).toBe(1000);
  });

  it('S-13 ignores a payload that is not an array', () => {
    const catalog = readSessionCatalog(opencodeSession);
    expect(applyConfigOptionUpdate(catalog, undefined)).toBe(catalog);
  });
});

describe('resolveModelId', () => {
  const catalog = readSessionCatalog(geminiSession);

  it('S-20 exact id first', () => {
    expect(resolveModelId('gemini-2.5-flash', catalog)).toBe('gemini-2.5-flash');
  });

  it('S-20 then a case-insensitive id or display name', () => {
    expect(resolveModelId('GEMINI-2.5-FLASH', catalog)).toBe('gemini-2.5-flash');
    expect(resolveModelId('gemini 2.5 flash', catalog)).toBe('gemini-2.5-flash');
  });

  it('S-20 unknown models resolve to nothing', () => {
    expect(resolveModelId('gpt-5', catalog)).toBeUndefined();
    expect(resolveModelId('', catalog)).toBeUndefined();
    expect(resolveModelId('x', emptySessionCatalog)).toBeUndefined();
  });
});

describe('catalog invariants', () => {
  it('S-10 never throws on any JSON; every listed id is a non-empty string (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (result, update) => {
        const catalog = applyConfigOptionUpdate(readSessionCatalog(result), update);
        for (const entry of [...catalog.modes, ...catalog.models]) {
          expect(typeof entry.id).toBe('string');
          expect(entry.id).not.toBe('');
        }
      }),
    );
  });
});
