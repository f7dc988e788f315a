import type { SessionConfigOption } from '@agentclientprotocol/sdk';
import { modelMeta, type SessionResultIn } from '../json-rpc/agent-schemas.js';

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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export const emptySessionCatalog: SessionCatalog = { modes: [], models: [], configOptions: [] };

/** Where modes and models sit in a session result and in the catalog. */
const roles = {
  mode: { list: 'modes', items: 'availableModes', idKey: 'id', current: 'currentModeId' },
  model: { list: 'models', items: 'availableModels', idKey: 'modelId', current: 'currentModelId' },
} as const;

/**
 * Reads a session result (S-10..S-12): `modes`, unstable `models`, then the `mode` / `model`
 * config options (by category or id) fill the lists those left empty. Gap fix: a result without
 * a list (a load result is often `null`) keeps `previous`'s list and current id.
 */
export function readSessionCatalog(
  result: SessionResultIn,
  previous: SessionCatalog = emptySessionCatalog,
): SessionCatalog {
  const catalog: Mutable<SessionCatalog> = { ...previous };
  const replace = { mode: true, model: true };
  for (const role of ['mode', 'model'] as const) {
    const { list, items, idKey, current } = roles[role];
    const listed: { readonly [key: string]: unknown } | undefined = result?.[list];
    if (listed === undefined) continue;
    catalog[list] = readEntries(listed[items], idKey);
    if (isNonEmpty(listed[current])) catalog[current] = listed[current];
    replace[role] = catalog[list].length === 0;
  }
  const configOptions = result?.configOptions;
  if (!Array.isArray(configOptions)) return catalog;
  return applyConfigOptions(catalog, configOptions, replace);
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

/** Claude Code's model aliases and the tier each runs (`opusplan` runs Sonnet outside plan mode). */
const aliasTiers: Readonly<Record<string, string>> = {
  opus: 'opus',
  sonnet: 'sonnet',
  haiku: 'haiku',
  default: 'default',
  best: 'opus',
  fable: 'opus',
  opusplan: 'sonnet',
};

/** SE-07: the tier a Claude model alias names (`sonnet[1m]` is `sonnet`), else undefined. */
export const claudeModelTier = (requested: string): string | undefined =>
  aliasTiers[
    requested
      .trim()
      .toLowerCase()
      .replace(/\[1m\]$/, '')
  ];

/**
 * S-20, C-02: an exact id, else a case-insensitive id, else a case-insensitive display name. A
 * Claude alias (SE-07) then takes the first of the backend's `aliases[tier]` the agent offers,
 * else (not for `default`) the first offered model whose id or name contains the tier's word.
 */
export function resolveModelId(
  requested: string,
  catalog: SessionCatalog,
  aliases: Readonly<Record<string, readonly string[]>> = {},
): string | undefined {
  const exact = catalog.models.find((model) => model.id === requested);
  if (exact !== undefined) return exact.id;
  const lower = requested.trim().toLowerCase();
  if (lower === '') return undefined;
  const named = (name: string) =>
    catalog.models.find((model) => model.id.toLowerCase() === name)?.id ??
    catalog.models.find((model) => model.name.toLowerCase() === name)?.id;
  const tier = claudeModelTier(lower);
  if (tier === undefined) return named(lower);
  for (const candidate of [lower, ...(aliases[tier] ?? [])]) {
    const id = named(candidate.toLowerCase());
    if (id !== undefined) return id;
  }
  if (tier === 'default') return undefined;
  return catalog.models.find((model) => `${model.id} ${model.name}`.toLowerCase().includes(tier))
    ?.id;
}

function applyConfigOptions(
  catalog: Mutable<SessionCatalog>,
  configOptions: readonly SessionConfigOption[],
  replace: { readonly mode: boolean; readonly model: boolean },
): SessionCatalog {
  catalog.configOptions = configOptions;
  for (const option of configOptions) {
    const id = option?.id;
    const category = option?.category;
    const role = category === 'mode' || category === 'model' ? category : id;
    if (!isNonEmpty(id) || (role !== 'mode' && role !== 'model')) continue;
    const { list, current } = roles[role];
    catalog[role === 'mode' ? 'modeConfigId' : 'modelConfigId'] = id;
    const values = readEntries((option as { readonly options?: unknown }).options, 'value');
    if (replace[role] && values.length > 0) {
      catalog[list] = values.map((value) => {
        const contextWindow = catalog[list].find((entry) => entry.id === value.id)?.contextWindow;
        return contextWindow === undefined ? value : { ...value, contextWindow };
      });
    }
    const currentValue = option.currentValue;
    if (isNonEmpty(currentValue) && (replace[role] || catalog[current] === undefined)) {
      catalog[current] = currentValue;
    }
  }
  return catalog;
}

/** Modes (`id`), models (`modelId`) or option values (`value`; groups are flattened). */
function readEntries(list: unknown, idKey: 'id' | 'modelId' | 'value'): CatalogEntry[] {
  if (!Array.isArray(list)) return [];
  return (list as ({ readonly [key: string]: unknown } | null)[]).flatMap((item) => {
    if (idKey === 'value' && Array.isArray(item?.options)) return readEntries(item.options, idKey);
    const id = item?.[idKey];
    if (!item || !isNonEmpty(id)) return [];
    const window = idKey === 'modelId' ? modelMeta.parse(item._meta)?.totalContextTokens : 0;
    return {
      id,
      name: isNonEmpty(item.name) ? item.name : id,
      ...(isNonEmpty(item.description) && { description: item.description }),
      ...(typeof window === 'number' && window > 0 && { contextWindow: window }),
    };
  });
}

function isNonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
