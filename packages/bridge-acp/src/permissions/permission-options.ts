/**
 * The first option id of each ACP permission option kind a `session/request_permission` offered
 * (PM-01). Options without an id or with an unknown kind are ignored.
 */
export type PermissionOptionIds = {
  readonly allowOnce?: string;
  readonly allowAlways?: string;
  readonly rejectOnce?: string;
  readonly rejectAlways?: string;
};

/** The answer to `session/request_permission`: `result.outcome`. */
export type PermissionOutcome =
  | { readonly outcome: 'selected'; readonly optionId: string }
  | { readonly outcome: 'cancelled' };

/** What the client decided (`can_use_tool` answer, or the bridge's own rules). */
export type PermissionDecision = {
  readonly allow: boolean;
  /** The client asked to remember it (`updatedPermissions` non-empty). */
  readonly always: boolean;
};

const kindKeys = {
  allow_once: 'allowOnce',
  allow_always: 'allowAlways',
  reject_once: 'rejectOnce',
  reject_always: 'rejectAlways',
} as const;

/** Reads `params.options` of `session/request_permission` (PM-01). */
export function readPermissionOptions(options: unknown): PermissionOptionIds {
  const ids: { -readonly [K in keyof PermissionOptionIds]: PermissionOptionIds[K] } = {};
  if (!Array.isArray(options)) return ids;
  for (const entry of options) {
    if (typeof entry !== 'object' || entry === null) continue;
    const option = entry as Record<string, unknown>;
    if (typeof option.optionId !== 'string' || option.optionId === '') continue;
    const kind = option.kind;
    if (typeof kind !== 'string' || !Object.hasOwn(kindKeys, kind)) continue;
    const key = kindKeys[kind as keyof typeof kindKeys];
    ids[key] ??= option.optionId;
  }
  return ids;
}

/**
 * Picks the option for a decision (PM-04): allow + always → `allow_always` if offered; allow →
 * `allow_once`, else `allow_always`; deny → `reject_once`, else `reject_always`; nothing suitable →
 * `cancelled`. `reject_always` is never chosen while `reject_once` exists (PM-05).
 *
 * ACP has no field for an edited input (`updatedInput`) or a deny `message`: they cannot reach
 * the agent and are dropped (PM-05).
 */
export function choosePermissionOption(
  options: PermissionOptionIds,
  decision: PermissionDecision,
): PermissionOutcome {
  const optionId = decision.allow
    ? decision.always
      ? (options.allowAlways ?? options.allowOnce)
      : (options.allowOnce ?? options.allowAlways)
    : (options.rejectOnce ?? options.rejectAlways);
  return optionId === undefined ? { outcome: 'cancelled' } : { outcome: 'selected', optionId };
}
