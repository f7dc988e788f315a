import type { ClaudeSettings } from './claude-settings-schema.js';
import type { SettingSource } from './setting-sources.js';

/** Where a settings layer came from. */
export type SettingsLayerSource = SettingSource | 'flag' | 'managed';

/** One settings file (or `--settings` JSON) that was read and validated. */
export type SettingsLayer = {
  readonly source: SettingsLayerSource;
  readonly filePath: string;
  readonly settings: ClaudeSettings;
};

/** One matcher of a settings file's `hooks`, as written (its hooks of every type). */
type HookMatcher = NonNullable<ClaudeSettings['hooks']>[string][number];

/** The settings of every layer merged; `files`: the layers that contributed, in order. */
export type MergedClaudeSettings = {
  readonly allow: readonly string[];
  readonly deny: readonly string[];
  readonly ask: readonly string[];
  readonly additionalDirectories: readonly string[];
  readonly defaultMode?: string;
  readonly model?: string;
  readonly env: Readonly<Record<string, string>>;
  readonly hooks: Readonly<Record<string, readonly HookMatcher[]>>;
  readonly files: readonly string[];
};

/**
 * SE-01: Claude Code's merge of `layers` (lowest precedence first): permission lists and each
 * event's hooks add up (duplicates once), `env` merges key by key, `model`, `defaultMode` and
 * `disableAllHooks` come from the highest layer that sets them. Managed `allowManagedHooksOnly`
 * keeps only the managed hooks.
 */
export function mergeClaudeSettings(layers: readonly SettingsLayer[]): MergedClaudeSettings {
  const highest = <Value>(pick: (settings: ClaudeSettings) => Value | undefined) =>
    layers.map((layer) => pick(layer.settings)).findLast((value) => value !== undefined);
  const union = (key: 'allow' | 'deny' | 'ask' | 'additionalDirectories') => [
    ...new Set(layers.flatMap((layer) => layer.settings.permissions?.[key] ?? [])),
  ];
  const managedOnly = layers.some(
    (layer) => layer.source === 'managed' && layer.settings.allowManagedHooksOnly === true,
  );
  const hooks: Record<string, HookMatcher[]> = {};
  if (highest((settings) => settings.disableAllHooks) !== true)
    for (const layer of layers) {
      if (managedOnly && layer.source !== 'managed') continue;
      for (const [event, matchers] of Object.entries(layer.settings.hooks ?? {}))
        hooks[event] = [...(hooks[event] ?? []), ...matchers];
    }
  const defaultMode = highest((settings) => settings.permissions?.defaultMode);
  const model = highest((settings) => settings.model);
  return {
    allow: union('allow'),
    deny: union('deny'),
    ask: union('ask'),
    additionalDirectories: union('additionalDirectories'),
    ...(defaultMode === undefined ? {} : { defaultMode }),
    ...(model === undefined ? {} : { model }),
    env: Object.assign({}, ...layers.map((layer) => layer.settings.env)),
    hooks,
    files: layers.map((layer) => layer.filePath),
  };
}
