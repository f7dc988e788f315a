import type { AuthMethod } from '@agentclientprotocol/sdk';

/** A sign-in method of `initialize.result.authMethods` (H-06), read defensively. */
export type AuthMethodInfo = {
  readonly id: string;
  /** Display name; the id when the agent gives none. */
  readonly name: string;
  readonly description?: string;
  /** ACP `type` (`terminal`, `env_var`, ...); absent for agent-run methods. */
  readonly type?: string;
  /** The variables an `env_var` method reads (`vars[].name`, or the older `varName`). */
  readonly variableNames?: readonly string[];
  /** The entry as the agent sent it (vendor fields: `_meta`, `args`). */
  readonly raw: AuthMethod;
};

/** `env_var` methods are newer than the SDK's schema; `varName` is their older spelling. */
type EnvVarFields = {
  readonly type?: unknown;
  readonly vars?: unknown;
  readonly varName?: unknown;
};

/** H-06: entries without a non-empty string `id` are skipped; anything but an array gives `[]`. */
export function readAuthMethods(
  methods: readonly AuthMethod[] | null | undefined,
): AuthMethodInfo[] {
  if (!Array.isArray(methods)) return [];
  return (methods as readonly (AuthMethod & EnvVarFields)[]).flatMap((raw) => {
    if (!isNonEmpty(raw?.id)) return [];
    const vars = Array.isArray(raw.vars) ? raw.vars : [];
    const names = [...vars.map((entry) => entry?.name), raw.varName].filter(isNonEmpty);
    const variableNames = [...new Set(names)];
    return {
      id: raw.id,
      name: isNonEmpty(raw.name) ? raw.name : raw.id,
      raw,
      ...(isNonEmpty(raw.description) && { description: raw.description }),
      ...(isNonEmpty(raw.type) && { type: raw.type }),
      ...(variableNames.length > 0 && { variableNames }),
    };
  });
}

/**
 * True for an `env_var` method none of whose (known) variables is set in the agent's environment;
 * unknown environment (`undefined`) or a method naming no variable: false (it is tried).
 */
export function lacksItsVariables(
  method: AuthMethodInfo,
  environmentVariableNames: readonly string[] | undefined,
): boolean {
  if (environmentVariableNames === undefined || method.type !== 'env_var') return false;
  const names = method.variableNames ?? [];
  return names.length > 0 && names.every((name) => !environmentVariableNames.includes(name));
}

function isNonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
