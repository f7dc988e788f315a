import { isRecord } from '@agentbridge/core/contracts';
import type { NewSessionResponse, SessionConfigOption } from '@agentclientprotocol/sdk';

/** An agent mode or model (ACP `SessionMode`, unstable `ModelInfo`, or a config option value). */
type CatalogEntry = {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  /** A model's context window (`_meta.totalContextTokens`, a known convention), when > 0. */
  readonly contextWindow?: number;
};

/** What a session offers (S-10..S-13). Immutable: every function returns a new catalog. */
export type SessionCatalog = {
  readonly modes: readonly CatalogEntry[];
  readonly currentModeId?: string;
  /** Id of the `mode` config option, when modes are (also) one. */
  readonly modeConfigId?: string;
  readonly models: readonly CatalogEntry[];
  readonly currentModelId?: string;
  /** Id of the `model` config option: models switch through `session/set_config_option`. */
  readonly modelConfigId?: string;
  /** The agent's config options as it last sent them. */
  readonly configOptions: readonly SessionConfigOption[];
};

/** A `session/new`, `session/load` or `session/resume` result; `models` is unstable ACP. */
type SessionResult = Partial<Pick<NewSessionResponse, 'modes' | 'configOptions'>> & {
  readonly models?: {
    readonly currentModelId?: string;
    readonly availableModels?: readonly {
      readonly modelId: string;
      readonly name?: string;
      readonly description?: string | null;
      readonly _meta?: { readonly [key: string]: unknown } | null;
    }[];
  } | null;
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const emptySessionCatalog: SessionCatalog = { modes: [], models: [], configOptions: [] };

const roles = {
  mode: { list: 'modes', current: 'currentModeId', configId: 'modeConfigId' },
  model: { list: 'models', current: 'currentModelId', configId: 'modelConfigId' },
} as const;

/**
 * Reads a session result (S-10..S-12): `modes`, unstable `models`, then the `mode` / `model`
 * config options (by category or id) fill the lists those left empty. Gap fix: a result without
 * a list (a load result is often `null`) keeps `previous`'s list and current id.
 */
export function readSessionCatalog(
  result: SessionResult | null | undefined,
  previous: SessionCatalog = emptySessionCatalog,
): SessionCatalog {
  const catalog: Mutable<SessionCatalog> = { ...previous };
  const modes = result?.modes;
  if (isRecord(modes)) {
    catalog.modes = readEntries(modes.availableModes, 'id');
    const current = nonEmpty(modes.currentModeId);
    if (current !== undefined) catalog.currentModeId = current;
  }
  const models = result?.models;
  if (isRecord(models)) {
    catalog.models = readEntries(models.availableModels, 'modelId');
    const current = nonEmpty(models.currentModelId);
    if (current !== undefined) catalog.currentModelId = current;
  }
  const configOptions = result?.configOptions;
  if (!Array.isArray(configOptions)) return catalog;
  return applyConfigOptions(catalog, configOptions, {
    mode: !isRecord(modes) || catalog.modes.length === 0,
    model: !isRecord(models) || catalog.models.length === 0,
  });
}

/**
 * Applies a `config_option_update` (or a `session/set_config_option` result): the options are
 * replaced and (S-13 gap fix) the `mode` / `model` options set the current ids and the lists.
 */
export function applyConfigOptionUpdate(
  catalog: SessionCatalog,
  configOptions: readonly SessionConfigOption[] | null | undefined,
): SessionCatalog {
  if (!Array.isArray(configOptions)) return catalog;
  return applyConfigOptions({ ...catalog }, configOptions, { mode: true, model: true });
}

/** S-20, C-02: an exact id, else a case-insensitive id, else a case-insensitive display name. */
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

function applyConfigOptions(
  catalog: Mutable<SessionCatalog>,
  configOptions: readonly SessionConfigOption[],
  replace: { readonly mode: boolean; readonly model: boolean },
): SessionCatalog {
  catalog.configOptions = configOptions;
  for (const option of configOptions) {
    const id = nonEmpty(option?.id);
    const category = option?.category;
    const role =
      category === 'mode' || category === 'model'
        ? category
        : id === 'mode' || id === 'model'
          ? id
          : undefined;
    if (id === undefined || role === undefined) continue;
    const keys = roles[role];
    catalog[keys.configId] = id;
    const values = readEntries((option as { readonly options?: unknown }).options, 'value');
    const known = catalog[keys.list];
    if (replace[role] && values.length > 0) {
      catalog[keys.list] = values.map((value) => {
        const contextWindow = known.find((entry) => entry.id === value.id)?.contextWindow;
        return contextWindow === undefined ? value : { ...value, contextWindow };
      });
    }
    const current = nonEmpty(option.currentValue);
    if (current !== undefined && (replace[role] || catalog[keys.current] === undefined)) {
      catalog[keys.current] = current;
    }
  }
  return catalog;
}

/** Modes (`id`), models (`modelId`) or option values (`value`; groups are flattened). */
function readEntries(list: unknown, idKey: 'id' | 'modelId' | 'value'): CatalogEntry[] {
  if (!Array.isArray(list)) return [];
  const entries: CatalogEntry[] = [];
  for (const item of list as ({ readonly [key: string]: unknown } | null)[]) {
    if (idKey === 'value' && Array.isArray(item?.options)) {
      entries.push(...readEntries(item.options, idKey));
      continue;
    }
    const id = nonEmpty(item?.[idKey]);
    if (id === undefined || !item) continue;
    const entry: Mutable<CatalogEntry> = { id, name: nonEmpty(item.name) ?? id };
    const description = nonEmpty(item.description);
    if (description !== undefined) entry.description = description;
    const window = idKey === 'modelId' && isRecord(item._meta) ? item._meta.totalContextTokens : 0;
    if (typeof window === 'number' && window > 0) entry.contextWindow = window;
    entries.push(entry);
  }
  return entries;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
