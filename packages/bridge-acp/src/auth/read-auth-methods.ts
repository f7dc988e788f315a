/**
 * One sign-in method an ACP agent offers in `initialize.result.authMethods` (H-06), read
 * defensively: entries without a non-empty string `id` are skipped.
 */
export type AuthMethodInfo = {
  /** The ACP method id sent in `authenticate {methodId}`. */
  readonly id: string;
  /** Display name; the id when the agent gives none. */
  readonly name: string;
  readonly description?: string;
  /** ACP `type` (`terminal`, `env_var`, ...); absent for agent-run methods. */
  readonly type?: string;
  /**
   * The environment variable names an `env_var` method reads (`vars[].name`, or the older
   * `varName`); absent for other methods.
   */
  readonly variableNames?: readonly string[];
  /** The entry as the agent sent it (for `_meta`, `args` and other vendor fields). */
  readonly raw: unknown;
};

/**
 * Reads `initialize.result.authMethods` (H-06). Anything that is not an array yields `[]`;
 * entries without a non-empty `id` are skipped; `name` defaults to the id.
 */
export function readAuthMethods(value: unknown): AuthMethodInfo[] {
  if (!Array.isArray(value)) return [];
  const methods: AuthMethodInfo[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const id = record.id;
    if (typeof id !== 'string' || id === '') continue;
    const name = typeof record.name === 'string' && record.name !== '' ? record.name : id;
    const method: { -readonly [K in keyof AuthMethodInfo]: AuthMethodInfo[K] } = {
      id,
      name,
      raw: entry,
    };
    if (typeof record.description === 'string' && record.description !== '') {
      method.description = record.description;
    }
    if (typeof record.type === 'string' && record.type !== '') method.type = record.type;
    const variableNames = readVariableNames(record);
    if (variableNames.length > 0) method.variableNames = variableNames;
    methods.push(method);
  }
  return methods;
}

function readVariableNames(record: Record<string, unknown>): string[] {
  const names: string[] = [];
  if (Array.isArray(record.vars)) {
    for (const variable of record.vars) {
      if (typeof variable !== 'object' || variable === null) continue;
      const name = (variable as Record<string, unknown>).name;
      if (typeof name === 'string' && name !== '' && !names.includes(name)) names.push(name);
    }
  }
  if (
    typeof record.varName === 'string' &&
    record.varName !== '' &&
    !names.includes(record.varName)
  ) {
    names.push(record.varName);
  }
  return names;
}

/**
 * True when `method` is an ACP `env_var` method none of whose variables is set, judged by the names
 * present in the agent's environment (`AcpLaunch.environmentVariableNames`). Unknown names
 * (`undefined`) or a method that names no variable: false (it is tried).
 */
export function lacksItsVariables(
  method: AuthMethodInfo,
  environmentVariableNames: readonly string[] | undefined,
): boolean {
  if (environmentVariableNames === undefined || method.type !== 'env_var') return false;
  const names = method.variableNames ?? [];
  return names.length > 0 && names.every((name) => !environmentVariableNames.includes(name));
}
