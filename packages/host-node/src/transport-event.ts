import type { LineTooLongError } from '@agentbridge/core/contracts';

/**
 * What a host transport reports besides protocol lines. The CLI shows `agent-output` on stderr
 * (sign-in URLs must stay visible) and stores `session-opened` for `--continue`.
 */
export type TransportEvent =
  /** The process is running. */
  | { readonly type: 'agent-started'; readonly pid: number; readonly command: string }
  /**
   * A line that is not protocol: every stderr line, and stdout lines that do not start with `{`
   * . Credential values are masked.
   */
  | { readonly type: 'agent-output'; readonly stream: 'stdout' | 'stderr'; readonly line: string }
  /** A stdout line exceeded the size limit; it was discarded and the stream went on. */
  | { readonly type: 'line-too-long'; readonly error: LineTooLongError }
  /** The bridge opened a session (`BridgeAction` `session-opened`). */
  | {
      readonly type: 'session-opened';
      readonly sessionId: string;
      readonly resumed: boolean;
      readonly requestedSessionId?: string;
    }
  /** The bridge started a sign-in attempt. */
  | { readonly type: 'auth-started'; readonly methodId: string; readonly methodName: string }
  /** The sign-in episode ended. */
  | { readonly type: 'auth-finished'; readonly success: boolean; readonly error?: string }
  /** The process exited (its output is drained; `closed` resolves right after). */
  | { readonly type: 'agent-exited'; readonly code: number | null; readonly signal: string | null };

/** The `type` of a {@link TransportEvent}. */
export type TransportEventType = TransportEvent['type'];
