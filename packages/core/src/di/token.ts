import type { DependencyContainer } from 'tsyringe';
import type { BackendV1 } from '../backend/backend-manifest.js';
import type { Logger } from '../logging/logger.js';

// tsyringe is only a type here: whoever imports it at run time must import 'reflect-metadata' first.

declare const tokenType: unique symbol;

/** A DI token that remembers the type it resolves to (tsyringe's own would resolve `unknown`). */
export type Token<T> = symbol & { readonly [tokenType]?: T };

/** Keyed with `Symbol.for`, so registrations meet across two copies of this package. */
const createToken = <T>(key: string): Token<T> => Symbol.for(key) as Token<T>;

export function provideValue<T>(container: DependencyContainer, token: Token<T>, value: T): void {
  container.register<T>(token, { useValue: value });
}

/** Every registration for a multi-token; an empty list instead of tsyringe's throw. */
export function resolveAll<T>(container: DependencyContainer, token: Token<T>): T[] {
  return container.isRegistered(token, true) ? container.resolveAll<T>(token) : [];
}

/** Multi-token: every backend a plugin contributes. */
export const BackendToken = createToken<BackendV1>('agentbridge.core.Backend');

export const LoggerToken = createToken<Logger>('agentbridge.core.Logger');
