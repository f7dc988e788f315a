import type { BackendQuirks, ClaudePermissionMode } from '@agentbridge/core/contracts';

type Synonyms = BackendQuirks['permissionModeSynonyms'];

/** C-04: the agent mode ids tried for a Claude mode, in priority order. */
const genericSynonyms: Readonly<Record<string, readonly string[]>> = {
  acceptEdits: ['acceptEdits', 'accept-edits', 'auto-edit', 'autoEdit', 'auto_edit', 'auto'],
  bypassPermissions: [
    'bypassPermissions',
    'yolo',
    'full-access',
    'full_access',
    'fullAccess',
    'autopilot',
    'auto',
  ],
  plan: ['plan', 'read-only', 'readOnly', 'read_only'],
};
/** C-04: the row of `default`, `dontAsk` and any mode without its own. */
const defaultCandidates = [
  'default',
  'ask',
  'approve',
  'read-only',
  'readOnly',
  'read_only',
  'agent',
];
/** The Claude modes tried when mapping an agent mode back; ties keep this order. */
const reverseOrder = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk'];

/**
 * C-04: the agent's mode id for a Claude mode (`manual` is `default`): the backend's synonyms (an
 * empty list means none), the mode's name, then the generic row, each case-insensitively.
 */
export function resolveModeId(
  claudeMode: string,
  agentModeIds: readonly string[],
  synonyms?: Synonyms,
): string | undefined {
  return resolveWithRank(claudeMode, agentModeIds, synonyms)?.modeId;
}

/**
 * An agent mode id back as a Claude mode (`current_mode_update`): of the Claude modes
 * {@link resolveModeId} sends to it, the one naming it earliest; `undefined` when none does
 * (GA-04: a thinking level or another mode of the agent's own is never a permission mode).
 * Callers holding a Claude mode that resolves to it keep theirs (two may share an agent mode).
 */
export function toClaudePermissionMode(
  agentModeId: string,
  agentModeIds: readonly string[],
  synonyms?: Synonyms,
): string | undefined {
  const lower = agentModeId.toLowerCase();
  const key = modeKey(agentModeId);
  let best: { mode: string; rank: number } | undefined;
  for (const claudeMode of reverseOrder) {
    const resolved = resolveWithRank(claudeMode, agentModeIds, synonyms);
    if (resolved === undefined || resolved.modeId.toLowerCase() !== lower) continue;
    const own = claudeMode.toLowerCase();
    const rank = own === lower || own === key ? -1 : resolved.rank;
    if (best === undefined || rank < best.rank) best = { mode: claudeMode, rank };
  }
  return best?.mode;
}

/**
 * GA-03: what a mode id names: a URI's fragment or last path segment
 * (`https://…/session-modes#plan` is `plan`), else the id; lower-cased.
 */
function modeKey(agentModeId: string): string {
  const lower = agentModeId.toLowerCase();
  if (!/[#/]/.test(lower)) return lower;
  const last = lower
    .replace(/[#/]+$/, '')
    .split(/[#/]/)
    .pop();
  return last === undefined || last === '' ? lower : last;
}

function resolveWithRank(
  claudeMode: string,
  agentModeIds: readonly string[],
  synonyms: Synonyms,
): { modeId: string; rank: number } | undefined {
  const mode = claudeMode === 'manual' ? 'default' : claudeMode;
  const own =
    synonyms !== undefined && Object.hasOwn(synonyms, mode)
      ? synonyms[mode as ClaudePermissionMode]
      : undefined;
  const backend = Array.isArray(own) ? own : [];
  if (Array.isArray(own) && own.length === 0) return undefined;
  const generic = Object.hasOwn(genericSynonyms, mode) ? genericSynonyms[mode] : defaultCandidates;
  const candidates = [...backend, mode, ...(generic ?? [])];
  for (const [rank, candidate] of candidates.entries()) {
    const wanted = candidate?.toLowerCase();
    const modeId =
      agentModeIds.find((id) => id.toLowerCase() === wanted) ??
      agentModeIds.find((id) => modeKey(id) === wanted);
    if (modeId !== undefined) return { modeId, rank };
  }
  return undefined;
}
