/** One agent mode (ACP `SessionMode`, or a `mode` config option value). */
export type CatalogMode = {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
};

/** One agent model (unstable ACP `ModelInfo`, or a `model` config option value). */
export type CatalogModel = {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  /** Context window in tokens (a model entry's `_meta.totalContextTokens`, a known convention), when > 0. */
  readonly contextWindow?: number;
};

/**
 * What a session offers: modes, models and config options (S-10..S-13). Immutable: every
 * function returns a new catalog.
 */
export type SessionCatalog = {
  readonly modes: readonly CatalogMode[];
  readonly currentModeId?: string;
  /** Id of the `mode` config option, when modes are (also) exposed as one. */
  readonly modeConfigId?: string;
  readonly models: readonly CatalogModel[];
  readonly currentModelId?: string;
  /** Id of the `model` config option: switch models with `session/set_config_option`. */
  readonly modelConfigId?: string;
  /** The agent's config options as it last sent them. */
  readonly configOptions: readonly unknown[];
};

/** A catalog with nothing in it. */
export const emptySessionCatalog: SessionCatalog = Object.freeze({
  modes: Object.freeze([]) as readonly CatalogMode[],
  models: Object.freeze([]) as readonly CatalogModel[],
  configOptions: Object.freeze([]) as readonly unknown[],
});

type MutableCatalog = { -readonly [K in keyof SessionCatalog]: SessionCatalog[K] };

/**
 * Reads a `session/new`, `session/load` or `session/resume` result (S-10..S-12): `modes`
 * (S-10), unstable `models` (S-11), then `configOptions` whose `category` or `id` is `mode` /
 * `model` fill a list the dedicated field left empty (S-12; grouped option lists are flattened).
 * Gap fix: a result without a list (a load result is often `null`) keeps `previous`'s list and
 * current id instead of clearing them.
 */
export function readSessionCatalog(result: unknown, previous?: SessionCatalog): SessionCatalog {
  const base = previous ?? emptySessionCatalog;
  const record = asRecord(result) ?? {};
  const catalog: MutableCatalog = { ...base };

  const modeState = asRecord(record.modes);
  if (modeState !== undefined) {
    catalog.modes = readModes(modeState.availableModes);
    setIfPresent(catalog, 'currentModeId', nonEmptyString(modeState.currentModeId));
  }
  const modelState = asRecord(record.models);
  if (modelState !== undefined) {
    catalog.models = readModels(modelState.availableModels);
    setIfPresent(catalog, 'currentModelId', nonEmptyString(modelState.currentModelId));
  }
  if (Array.isArray(record.configOptions)) {
    return applyConfigOptions(catalog, record.configOptions, {
      replaceModes: modeState === undefined || catalog.modes.length === 0,
      replaceModels: modelState === undefined || catalog.models.length === 0,
    });
  }
  return catalog;
}

/**
 * Applies a `config_option_update` (or a `session/set_config_option` result): the option list is
 * replaced, and (S-13 gap fix) the `mode` / `model` options' current values and values become the
 * catalog's current mode / model and lists.
 */
export function applyConfigOptionUpdate(
  catalog: SessionCatalog,
  configOptions: unknown,
): SessionCatalog {
  if (!Array.isArray(configOptions)) return catalog;
  return applyConfigOptions({ ...catalog }, configOptions, {
    replaceModes: true,
    replaceModels: true,
  });
}

/**
 * Resolves a requested model (S-20, C-02): an exact id, else a case-insensitive id, else a
 * case-insensitive display name. `undefined` when the catalog does not know it.
 */
export function resolveModelId(requested: string, catalog: SessionCatalog): string | undefined {
  const exact = catalog.models.find((model) => model.id === requested);
  if (exact !== undefined) return exact.id;
  const lower = requested.trim().toLowerCase();
  if (lower === '') return undefined;
  return (
    catalog.models.find((model) => model.id.toLowerCase() === lower)?.id ??
    catalog.models.find((model) => model.name.toLowerCase() === lower)?.id
  );
}

/** The catalog's window for a model (its `_meta.totalContextTokens`), else `undefined`. */
export function modelContextWindow(
  catalog: SessionCatalog,
  modelId: string | undefined,
): number | undefined {
  if (modelId === undefined) return undefined;
  return catalog.models.find((model) => model.id === modelId)?.contextWindow;
}

function applyConfigOptions(
  catalog: MutableCatalog,
  configOptions: readonly unknown[],
  replace: { readonly replaceModes: boolean; readonly replaceModels: boolean },
): SessionCatalog {
  catalog.configOptions = configOptions;
  for (const entry of configOptions) {
    const option = asRecord(entry);
    if (option === undefined) continue;
    const id = nonEmptyString(option.id);
    if (id === undefined) continue;
    const role = optionRole(option, id);
    if (role === undefined) continue;
    const values = readOptionValues(option.options);
    const current = nonEmptyString(option.currentValue);
    if (role === 'mode') {
      catalog.modeConfigId = id;
      if (replace.replaceModes && values.length > 0) catalog.modes = values;
      if (replace.replaceModes || catalog.currentModeId === undefined) {
        setIfPresent(catalog, 'currentModeId', current);
      }
    } else {
      catalog.modelConfigId = id;
      if (replace.replaceModels && values.length > 0) {
        catalog.models = values.map((value) => keepWindow(value, catalog.models));
      }
      if (replace.replaceModels || catalog.currentModelId === undefined) {
        setIfPresent(catalog, 'currentModelId', current);
      }
    }
  }
  return catalog;
}

function optionRole(option: Record<string, unknown>, id: string): 'mode' | 'model' | undefined {
  const category = option.category;
  if (category === 'mode' || category === 'model') return category;
  if (id === 'mode' || id === 'model') return id;
  return undefined;
}

function keepWindow(value: CatalogMode, known: readonly CatalogModel[]): CatalogModel {
  const window = known.find((model) => model.id === value.id)?.contextWindow;
  return window === undefined ? value : { ...value, contextWindow: window };
}

function readOptionValues(options: unknown): CatalogMode[] {
  if (!Array.isArray(options)) return [];
  const values: CatalogMode[] = [];
  for (const entry of options) {
    const record = asRecord(entry);
    if (record === undefined) continue;
    if (Array.isArray(record.options)) {
      values.push(...readOptionValues(record.options));
      continue;
    }
    const id = nonEmptyString(record.value);
    if (id === undefined) continue;
    values.push(named(id, record.name, record.description));
  }
  return values;
}

function readModes(value: unknown): CatalogMode[] {
  if (!Array.isArray(value)) return [];
  const modes: CatalogMode[] = [];
  for (const entry of value) {
    const record = asRecord(entry);
    const id = nonEmptyString(record?.id);
    if (record === undefined || id === undefined) continue;
    modes.push(named(id, record.name, record.description));
  }
  return modes;
}

function readModels(value: unknown): CatalogModel[] {
  if (!Array.isArray(value)) return [];
  const models: CatalogModel[] = [];
  for (const entry of value) {
    const record = asRecord(entry);
    const id = nonEmptyString(record?.modelId);
    if (record === undefined || id === undefined) continue;
    const model: { -readonly [K in keyof CatalogModel]: CatalogModel[K] } = named(
      id,
      record.name,
      record.description,
    );
    const window = asRecord(record._meta)?.totalContextTokens;
    if (typeof window === 'number' && window > 0) model.contextWindow = window;
    models.push(model);
  }
  return models;
}

function named(id: string, name: unknown, description: unknown): CatalogMode {
  const mode: { -readonly [K in keyof CatalogMode]: CatalogMode[K] } = {
    id,
    name: nonEmptyString(name) ?? id,
  };
  const text = nonEmptyString(description);
  if (text !== undefined) mode.description = text;
  return mode;
}

function setIfPresent(
  catalog: MutableCatalog,
  key: 'currentModeId' | 'currentModelId',
  value: string | undefined,
): void {
  if (value !== undefined) catalog[key] = value;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
