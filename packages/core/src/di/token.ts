import type { DependencyContainer } from 'tsyringe';

declare const tokenType: unique symbol;

/**
 * A DI token that remembers the type it resolves to. tsyringe's own `InjectionToken` accepts any
 * symbol, so `resolve()` would return `unknown`; use the helpers below instead.
 */
export type Token<T> = symbol & { readonly [tokenType]?: T };

/**
 * Creates a token. `Symbol.for` with a namespaced key means registrations still meet when two
 * copies of `@agentbridge/core` are installed.
 */
export const createToken = <T>(key: string): Token<T> => Symbol.for(key) as Token<T>;

/** Registers a value for `token`. */
export function provideValue<T>(container: DependencyContainer, token: Token<T>, value: T): void {
  container.register<T>(token, { useValue: value });
}

/** Registers a factory for `token`, called on each resolve. */
export function provideFactory<T>(
  container: DependencyContainer,
  token: Token<T>,
  factory: (container: DependencyContainer) => T,
): void {
  container.register<T>(token, { useFactory: factory });
}

/** Resolves `token`, typed. Throws tsyringe's error when nothing is registered. */
export function resolveToken<T>(container: DependencyContainer, token: Token<T>): T {
  return container.resolve<T>(token);
}

/** Every registration for a multi-token; an empty list instead of tsyringe's throw. */
export function resolveAll<T>(container: DependencyContainer, token: Token<T>): T[] {
  return container.isRegistered(token, true) ? container.resolveAll<T>(token) : [];
}
