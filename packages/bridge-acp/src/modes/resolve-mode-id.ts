import type { BackendQuirks, ClaudePermissionMode } from '@agentbridge/core/contracts';

/** The backend's extra synonyms, `BackendQuirks.permissionModeSynonyms`. */
export type PermissionModeSynonyms = BackendQuirks['permissionModeSynonyms'];

/**
 * The generic synonym table (C-04): agent mode ids to try for each Claude mode, in priority
 * order. Modes not listed (`default`, `dontAsk`, unknown strings) use {@link defaultModeCandidates}.
 */
export const genericModeSynonyms = {
  acceptEdits: ['acceptEdits', 'accept-edits', 'auto-edit', 'autoEdit', 'auto_edit', 'auto'],
  bypassPermissions: [
    'bypassPermissions',
    'yolo',
    'full-access',
    'full_access',
    'fullAccess',
    'auto',
  ],
  plan: ['plan', 'read-only', 'readOnly', 'read_only'],
} as const satisfies Partial<Record<ClaudePermissionMode, readonly string[]>>;

/** Candidates for `default`, `dontAsk` and any other Claude mode without its own row (C-04). */
export const defaultModeCandidates = [
  'default',
  'ask',
  'approve',
  'read-only',
  'readOnly',
  'read_only',
] as const;

/** The Claude modes tried, in this order, when mapping an agent mode back (ties keep this order). */
const reverseOrder = ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'dontAsk'] as const;

/**
 * The agent mode ids to try for a Claude mode: the backend's synonyms first, then the mode's own
 * name (an agent that speaks Claude's vocabulary maps by identity, `dontAsk` included), then the
 * generic table. An empty backend list means "no agent equivalent" and yields `[]`. `manual` is the CLI
 * help's spelling of `default`.
 */
export function modeCandidates(claudeMode: string, synonyms?: PermissionModeSynonyms): string[] {
  const mode = claudeMode === 'manual' ? 'default' : claudeMode;
  const ownList =
    synonyms !== undefined && Object.hasOwn(synonyms, mode)
      ? synonyms[mode as ClaudePermissionMode]
      : undefined;
  const backendList = Array.isArray(ownList) ? (ownList as readonly string[]) : undefined;
  if (backendList !== undefined && backendList.length === 0) return [];
  const generic: readonly string[] = Object.hasOwn(genericModeSynonyms, mode)
    ? genericModeSynonyms[mode as keyof typeof genericModeSynonyms]
    : defaultModeCandidates;
  return [...(backendList ?? []), mode, ...generic];
}

/**
 * Maps a Claude permission mode onto one of the agent's mode ids (C-04): candidates are tried in
 * order, each against the agent's ids in the agent's order, case-insensitively; the agent's own
 * spelling is returned. `undefined` when nothing matches or the agent offers no modes. Display
 * names are never consulted.
 */
export function resolveModeId(
  claudeMode: string,
  agentModeIds: readonly string[],
  synonyms?: PermissionModeSynonyms,
): string | undefined {
  return resolveWithRank(claudeMode, agentModeIds, synonyms)?.modeId;
}

/**
 * Maps an agent mode id back to a Claude permission mode, to surface an agent-side mode change
 * (`current_mode_update`) as a Claude mode. Among the Claude modes that {@link resolveModeId}
 * would send to exactly this agent mode, the one whose candidate list names it earliest wins
 * (ties: `default`, `acceptEdits`, `bypassPermissions`, `plan`, `dontAsk`). The identity when
 * nothing maps. Callers that already hold a Claude mode which resolves to `agentModeId` should
 * keep it instead (two Claude modes may share one agent mode).
 */
export function toClaudePermissionMode(
  agentModeId: string,
  agentModeIds: readonly string[],
  synonyms?: PermissionModeSynonyms,
): string {
  const lower = agentModeId.toLowerCase();
  let best: { mode: string; rank: number } | undefined;
  for (const claudeMode of reverseOrder) {
    const resolved = resolveWithRank(claudeMode, agentModeIds, synonyms);
    if (resolved === undefined || resolved.modeId.toLowerCase() !== lower) continue;
    const rank = claudeMode.toLowerCase() === lower ? -1 : resolved.rank;
    if (best === undefined || rank < best.rank) best = { mode: claudeMode, rank };
  }
  return best?.mode ?? agentModeId;
}

function resolveWithRank(
  claudeMode: string,
  agentModeIds: readonly string[],
  synonyms: PermissionModeSynonyms,
): { modeId: string; rank: number } | undefined {
  if (agentModeIds.length === 0) return undefined;
  const candidates = modeCandidates(claudeMode, synonyms);
  for (let rank = 0; rank < candidates.length; rank += 1) {
    const candidate = candidates[rank]?.toLowerCase();
    const modeId = agentModeIds.find((id) => id.toLowerCase() === candidate);
    if (modeId !== undefined) return { modeId, rank };
  }
  return undefined;
}
