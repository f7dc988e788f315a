/** A JSON object as it appears on the wire; the fake agent sends it unchanged. */
export type JsonObject = { readonly [key: string]: unknown };

/** A JSON-RPC error the fake agent answers with: `{ code, message, data? }`. */
export type ScenarioRpcError = {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
};

/** Sends `session/update` with this `update` (any variant, valid or not, sent as written). */
export type UpdateStep = {
  readonly type: 'update';
  /** The `update` member, e.g. `{ sessionUpdate: 'agent_message_chunk', content: {...} }`. */
  readonly update: JsonObject;
  /** Overrides the session id (default: the session of the running prompt, or the newest one). */
  readonly sessionId?: string;
};

/**
 * Sends `session/request_permission` and waits for the answer. The outcome is recorded; the steps
 * of the matching branch run next: `onOption[optionId]` first, else `onAllow` for an `allow_*`
 * option, `onReject` for a `reject_*` option, `onCancelled` for `{ outcome: 'cancelled' }`,
 * `onError` when the client answered with an error.
 */
export type RequestPermissionStep = {
  readonly type: 'request-permission';
  /** The `toolCall` member (a `ToolCallUpdate`, at least `toolCallId`). */
  readonly toolCall: JsonObject;
  /** Default: `allow` (allow_once), `allow_always` (allow_always), `reject` (reject_once). */
  readonly options?: readonly JsonObject[];
  readonly onAllow?: readonly ScenarioStep[];
  readonly onReject?: readonly ScenarioStep[];
  readonly onCancelled?: readonly ScenarioStep[];
  readonly onError?: readonly ScenarioStep[];
  readonly onOption?: { readonly [optionId: string]: readonly ScenarioStep[] };
};

/**
 * Calls any client method (`fs/read_text_file`, `terminal/create`, `_custom/x`, ...). `sessionId`
 * is added to object params that lack it. The result or error is recorded.
 */
export type ClientRequestStep = {
  readonly type: 'client-request';
  readonly method: string;
  readonly params?: JsonObject;
  /** Run after a result; a string `{{result.<key>}}` in them is that field of the result. */
  readonly onResult?: readonly ScenarioStep[];
  readonly onError?: readonly ScenarioStep[];
};

/** Sends any notification to the client (e.g. `elicitation/complete`, `_vendor/event`). */
export type ClientNotificationStep = {
  readonly type: 'client-notification';
  readonly method: string;
  readonly params?: JsonObject;
};

/** Waits `ms` milliseconds (on the injected sleep; a cancel interrupts it). */
export type DelayStep = { readonly type: 'delay'; readonly ms: number };

/** Waits until the client sends `session/cancel` for this session. */
export type WaitForCancelStep = { readonly type: 'wait-for-cancel' };

/**
 * Writes one raw line to stdout: a sign-in URL, a log line, malformed JSON; `repeat` times over
 * (an over-long line without a huge scenario).
 */
export type StdoutStep = {
  readonly type: 'stdout';
  readonly line: string;
  readonly repeat?: number;
};

/** Writes text to stderr (a newline is added when missing). */
export type StderrStep = { readonly type: 'stderr'; readonly text: string };

/** Ends the agent: with an exit code, or (executable only) by sending itself `signal`. */
export type ExitStep = { readonly type: 'exit'; readonly code?: number; readonly signal?: string };

/** Writes an uncaught-error stack to stderr and exits with code 1, like a crashing Node agent. */
export type CrashStep = { readonly type: 'crash'; readonly message?: string };

/** One scripted action of the fake agent. */
export type ScenarioStep =
  | UpdateStep
  | RequestPermissionStep
  | ClientRequestStep
  | ClientNotificationStep
  | DelayStep
  | WaitForCancelStep
  | StdoutStep
  | StderrStep
  | ExitStep
  | CrashStep;

/** The `type` of every step. */
export type ScenarioStepType = ScenarioStep['type'];
