import { UsageError } from '@agentbridge/core/contracts';

/** The settings files `--setting-sources` chooses among (managed and `--settings` always load). */
export const settingSourceNames = ['user', 'project', 'local'] as const;

/** One of {@link settingSourceNames}. */
export type SettingSource = (typeof settingSourceNames)[number];

/**
 * SE-01: `--setting-sources user,project` as `claude` reads it: undefined (not given) loads every
 * source, an empty value none; an unknown name is `claude`'s usage error.
 */
export function parseSettingSources(value: string | undefined): SettingSource[] | undefined {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names)
    if (!(settingSourceNames as readonly string[]).includes(name))
      throw new UsageError(
        `Error processing --setting-sources: Invalid setting source: ${name}. Valid options are: ${settingSourceNames.join(', ')}`,
      );
  return [...new Set(names)] as SettingSource[];
}
