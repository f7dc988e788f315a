import type { BackendV1 } from '../backend/backend-manifest.js';
import type { Logger } from '../logging/logger.js';
import { createToken } from './token.js';

/** Multi-token: every backend a plugin contributes. Resolve with `resolveAll`. */
export const BackendToken = createToken<BackendV1>('agentbridge.core.Backend');

/** The logger of the running program. */
export const LoggerToken = createToken<Logger>('agentbridge.core.Logger');

/** Milliseconds since the epoch. Injected so pure code never reads the clock itself. */
export type Clock = { now(): number };

/** The clock of the running program. */
export const ClockToken = createToken<Clock>('agentbridge.core.Clock');

/** Makes fresh unique ids (UUIDs in production). Injected for deterministic tests. */
export type IdGenerator = () => string;

/** The id generator of the running program. */
export const IdGeneratorToken = createToken<IdGenerator>('agentbridge.core.IdGenerator');
