/**
 * What the bridge asks its host to do. The bridge owns no timers and no processes: it emits these
 * through `onAction` and the host carries them out.
 */
export type BridgeAction =
  /** Start (or restart) a one-shot timer; call `bridge.onTimer(timerId)` when it fires. */
  | { readonly type: 'start-timer'; readonly timerId: string; readonly delayMs: number }
  /** Cancel a timer started earlier (no-op when it is not running). */
  | { readonly type: 'cancel-timer'; readonly timerId: string }
  /**
   * Stop the agent process (close stdin, then signal its process group): the handshake failed or
   * the agent is unusable. Agents that ignore stdin EOF (`process.exitsOnStdinEof: false`) must
   * still end.
   */
  | { readonly type: 'terminate-agent'; readonly reason: string }
  /** A session is open; `resumed` when an earlier one was reopened. For `--continue` stores. */
  | {
      readonly type: 'session-opened';
      readonly sessionId: string;
      readonly resumed: boolean;
      readonly requestedSessionId?: string;
    }
  /** The client ended its input and every turn is settled: the host may stop the agent and exit. */
  | { readonly type: 'client-done' }
  /** A sign-in attempt started (a browser or device flow may be waiting on the user). */
  | { readonly type: 'auth-started'; readonly methodId: string; readonly methodName: string }
  /** The sign-in episode ended. */
  | { readonly type: 'auth-finished'; readonly success: boolean; readonly error?: string };

/** The `type` of a {@link BridgeAction}. */
export type BridgeActionType = BridgeAction['type'];
