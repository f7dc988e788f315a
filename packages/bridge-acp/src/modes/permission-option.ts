import type { SessionCatalog } from '../session/session-catalog.js';

/** GA-06: the values of a permissions option that approve every tool call, in priority order. */
const allowAllValues = [
  'allow_all',
  'allow-all',
  'allowall',
  'always_allow',
  'always-allow',
  'bypasspermissions',
  'yolo',
  'full_access',
  'full-access',
  'autopilot',
];

/**
 * GA-06: for `bypassPermissions`, the agent's permissions config option (its category or id
 * names permissions or approvals; not the `mode` option) and its value that allows every call;
 * `undefined` for another mode or when the agent has none.
 */
export function permissionOptionChoice(
  catalog: SessionCatalog,
  claudeMode: string,
): { readonly configId: string; readonly value: string } | undefined {
  if (claudeMode !== 'bypassPermissions') return undefined;
  for (const option of catalog.configOptions) {
    const { id, category } = (option ?? {}) as { id?: unknown; category?: unknown };
    if (typeof id !== 'string' || category === 'mode' || id === catalog.modeConfigId) continue;
    if (!/permission|approv/i.test(`${typeof category === 'string' ? category : ''} ${id}`))
      continue;
    const values = flatValues((option as { options?: unknown }).options);
    for (const wanted of allowAllValues) {
      const value = values.find((entry) => entry.toLowerCase() === wanted);
      if (value !== undefined) return { configId: id, value };
    }
  }
  return undefined;
}

/** A select option's values (groups flattened). */
function flatValues(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: { value?: unknown; options?: unknown } | null) => {
    if (Array.isArray(item?.options)) return flatValues(item.options);
    return typeof item?.value === 'string' ? [item.value] : [];
  });
}
