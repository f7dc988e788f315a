import type { AgentErrorCode } from './agent-error-code.js';

const marker = Symbol.for('agentbridge.error');

/**
 * Base class of every error agentbridge throws. Recognise it with {@link AgentError.isInstance},
 * which works across duplicate installs of `@agentbridge/core` (unlike `instanceof`).
 */
export class AgentError extends Error {
  readonly [marker] = true;
  /** Stable machine-readable code. */
  readonly code: AgentErrorCode;

  constructor(code: AgentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentError';
    this.code = code;
  }

  /** True for any agentbridge error, whichever copy of the package created it. */
  static isInstance(value: unknown): value is AgentError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[marker] === true
    );
  }
}
