import type { PermissionOption, RequestPermissionOutcome } from '@agentclientprotocol/sdk';

/** The first option id of each kind a `session/request_permission` offered (PM-01). */
type PermissionOptionIds = {
  readonly allowOnce?: string;
  readonly allowAlways?: string;
  readonly rejectOnce?: string;
  readonly rejectAlways?: string;
};

const keyOfKind = {
  allow_once: 'allowOnce',
  allow_always: 'allowAlways',
  reject_once: 'rejectOnce',
  reject_always: 'rejectAlways',
} as const;

/** PM-01: options without an id or of an unknown kind are ignored. */
export function readPermissionOptions(
  options: readonly PermissionOption[] | null | undefined,
): PermissionOptionIds {
  const ids: { -readonly [K in keyof PermissionOptionIds]: string } = {};
  for (const option of Array.isArray(options) ? options : []) {
    const kind: unknown = option?.kind;
    if (typeof kind !== 'string' || !Object.hasOwn(keyOfKind, kind)) continue;
    if (typeof option.optionId !== 'string' || option.optionId === '') continue;
    ids[keyOfKind[kind as PermissionOption['kind']]] ??= option.optionId;
  }
  return ids;
}

/**
 * PM-04/PM-05: the option for a decision (`reject_always` only without `reject_once`), else
 * `cancelled`. ACP has no field for an edited input or a deny message: those are dropped.
 */
export function choosePermissionOption(
  options: PermissionOptionIds,
  decision: { readonly allow: boolean; readonly always: boolean },
): RequestPermissionOutcome {
  const optionId = !decision.allow
    ? (options.rejectOnce ?? options.rejectAlways)
    : decision.always
      ? (options.allowAlways ?? options.allowOnce)
      : (options.allowOnce ?? options.allowAlways);
  return optionId === undefined ? { outcome: 'cancelled' } : { outcome: 'selected', optionId };
}
