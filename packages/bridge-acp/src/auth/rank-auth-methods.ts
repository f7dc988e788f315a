import type { ErrorResponse } from '@agentclientprotocol/sdk';

// AU-06 vocabulary. Two account words are product names: that is how agents label such logins.
const keyWords = /apikey|gateway|vertex|token/;
const accountWords =
  /chatgpt|chat-gpt|oauth|google|login|log in|sign in|browser|personal|account|subscription/;

/** AU-06 on `lower(id + " " + name)`, first match wins: key/gateway 4, device 2, account 1, else 3. */
function classifyAuthMethod(id: string, name: string): number {
  const text = `${id} ${name}`.toLowerCase();
  if ((text.includes('api') && text.includes('key')) || keyWords.test(text)) return 4;
  if (text.includes('device')) return 2;
  return accountWords.test(text) ? 1 : 3;
}

/**
 * Orders the offered methods for the sign-in loop (AU-05): the configured id, then the backend's
 * preferred ids in their order, then AU-06 classes 1 to 4; stable, duplicate ids dropped.
 */
export function rankAuthMethods<Method extends { readonly id: string; readonly name: string }>(
  methods: readonly Method[],
  options: { readonly configured?: string; readonly preferred?: readonly string[] } = {},
): Method[] {
  const preferred = options.preferred ?? [];
  const bucket = (method: Method): number => {
    if (method.id === options.configured) return 0;
    const index = preferred.indexOf(method.id);
    if (index >= 0) return 1 + index / (preferred.length + 1);
    return 1 + classifyAuthMethod(method.id, method.name);
  };
  return methods
    .filter((method, index) => methods.findIndex((other) => other.id === method.id) === index)
    .sort((left, right) => bucket(left) - bucket(right));
}

/** AU-02: code -32000, or the error's message or `data` mentions `auth` or `login`. */
export function looksLikeAuthRequired(error: Partial<ErrorResponse> | undefined): boolean {
  if (error?.code === -32000) return true;
  const message = typeof error?.message === 'string' ? error.message : '';
  const data = error?.data ?? '';
  const text = `${message} ${typeof data === 'string' ? data : JSON.stringify(data)}`;
  return /auth|login/i.test(text);
}
