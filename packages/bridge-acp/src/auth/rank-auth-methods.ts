/**
 * The preference class of a sign-in method (AU-06): 1 account/browser login, 2 device code,
 * 3 anything else, 4 API key or gateway (tried last).
 */
export type AuthMethodClass = 1 | 2 | 3 | 4;

/** The class of API-key-like methods (AU-13). */
export const apiKeyAuthMethodClass = 4;

// Generic sign-in vocabulary of seed item AU-06: words agents use for account logins. Two are
// product names (ChatGPT, Google accounts) because that is how agents label such logins.
const accountWords = [
  'chatgpt',
  'chat-gpt',
  'oauth',
  'google',
  'login',
  'log in',
  'sign in',
  'browser',
  'personal',
  'account',
  'subscription',
] as const;

/**
 * Classifies a sign-in method by `lower(id + " " + name)`, first match wins (AU-06):
 * key/gateway words → 4, `device` → 2, account/browser words → 1, else 3.
 */
export function classifyAuthMethod(
  id: string | null | undefined,
  name: string | null | undefined,
): AuthMethodClass {
  const text = `${id ?? ''} ${name ?? ''}`.toLowerCase();
  if (
    (text.includes('api') && text.includes('key')) ||
    text.includes('apikey') ||
    text.includes('gateway') ||
    text.includes('vertex') ||
    text.includes('token')
  ) {
    return 4;
  }
  if (text.includes('device')) return 2;
  if (accountWords.some((word) => text.includes(word))) return 1;
  return 3;
}

/** Options of {@link rankAuthMethods}. */
export type RankAuthMethodsOptions = {
  /** The method id the user configured (`--auth-method`, `.agentrc`); exact match only. */
  readonly configured?: string;
  /** The backend's `auth.preferredMethodIds`, tried in this order after the configured one. */
  readonly preferred?: readonly string[];
};

/**
 * Orders the offered methods for the sign-in loop (AU-05): the configured id first (when offered),
 * then the backend's preferred ids in their order, then classes 1, 2, 3, 4 of
 * {@link classifyAuthMethod}. Stable by the agent's order within a bucket; duplicate ids are
 * dropped (first wins). Ids that are configured or preferred but not offered are ignored.
 */
export function rankAuthMethods<Method extends { readonly id: string; readonly name: string }>(
  methods: readonly Method[],
  options: RankAuthMethodsOptions = {},
): Method[] {
  const seen = new Set<string>();
  const unique: Method[] = [];
  for (const method of methods) {
    if (seen.has(method.id)) continue;
    seen.add(method.id);
    unique.push(method);
  }
  const preferred = options.preferred ?? [];
  const bucketOf = (method: Method): number => {
    if (options.configured !== undefined && method.id === options.configured) return 0;
    const preferredIndex = preferred.indexOf(method.id);
    if (preferredIndex >= 0) return 1 + preferredIndex / (preferred.length + 1);
    return 1 + classifyAuthMethod(method.id, method.name);
  };
  return unique
    .map((method, index) => ({ method, index, bucket: bucketOf(method) }))
    .sort((left, right) => left.bucket - right.bucket || left.index - right.index)
    .map((entry) => entry.method);
}

/**
 * True when a method is an API key or gateway method (class 4, AU-13). `(undefined, undefined)`
 * is false: an agent that is already signed in is not "API key".
 */
export function isApiKeyAuthMethod(
  id: string | null | undefined,
  name: string | null | undefined,
): boolean {
  if (!id && !name) return false;
  return classifyAuthMethod(id, name) === apiKeyAuthMethodClass;
}

/** The method's display name, else its id, else `''` (AU-13). */
export function describeAuthMethod(
  id: string | null | undefined,
  name: string | null | undefined,
): string {
  if (name) return name;
  if (id) return id;
  return '';
}

/**
 * The method the bridge would try first (AU-13): the first ranked offered id, else the preferred
 * (configured) id, else `undefined`.
 */
export function resolveAuthMethodId(
  preferred: string | undefined,
  offered: readonly { readonly id: string; readonly name: string }[],
  preferredIds?: readonly string[],
): string | undefined {
  const ranked = rankAuthMethods(offered, {
    ...(preferred !== undefined ? { configured: preferred } : {}),
    ...(preferredIds !== undefined ? { preferred: preferredIds } : {}),
  });
  return ranked[0]?.id ?? (preferred || undefined);
}

/** The JSON-RPC error code agents use for "authentication required". */
export const authRequiredErrorCode = -32000;

/**
 * The auth-required heuristic (AU-02): code `-32000`, or the error text (message and `data`)
 * mentions `auth` or `login` (case-insensitive).
 */
export function looksLikeAuthRequired(error: {
  readonly code?: number;
  readonly message?: string;
  readonly data?: unknown;
}): boolean {
  if (error.code === authRequiredErrorCode) return true;
  let text = error.message ?? '';
  if (error.data !== undefined && error.data !== null) {
    text += ` ${typeof error.data === 'string' ? error.data : JSON.stringify(error.data)}`;
  }
  const lower = text.toLowerCase();
  return lower.includes('auth') || lower.includes('login');
}
