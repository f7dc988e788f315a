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
  const read: AuthMethodInfo[] = [];
  for (const raw of methods as readonly (AuthMethod & EnvVarFields)[]) {
    const id = raw?.id;
    if (typeof id !== 'string' || id === '') continue;
    const method: { -readonly [K in keyof AuthMethodInfo]: AuthMethodInfo[K] } = {
      id,
      name: nonEmpty(raw.name) ?? id,
      raw,
    };
    const description = nonEmpty(raw.description);
    if (description !== undefined) method.description = description;
    const type = nonEmpty(raw.type);
    if (type !== undefined) method.type = type;
    const names = [
      ...(Array.isArray(raw.vars) ? raw.vars : []).map((entry) => entry?.name),
      raw.varName,
    ];
    const variableNames = names.filter(
      (name, index): name is string =>
        nonEmpty(name) !== undefined && names.indexOf(name) === index,
    );
    if (variableNames.length > 0) method.variableNames = variableNames;
    read.push(method);
  }
  return read;
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

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
