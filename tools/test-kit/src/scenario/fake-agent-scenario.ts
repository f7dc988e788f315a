import type { JsonObject, ScenarioRpcError, ScenarioStep } from './scenario-step.js';

/**
 * How one request is answered: run `steps`, then answer `error` when set, else the result. Steps in
 * `afterSteps` run once the answer is on the wire (e.g. `available_commands_update` after
 * `session/new`, as real agents do).
 */
export type ScenarioAnswer = {
  readonly steps?: readonly ScenarioStep[];
  readonly afterSteps?: readonly ScenarioStep[];
  readonly error?: ScenarioRpcError;
  readonly _meta?: JsonObject;
};

/** The `initialize` answer. Unset fields get defaults (protocol 1, no capabilities, no auth). */
export type ScenarioInitialize = ScenarioAnswer & {
  readonly protocolVersion?: number;
  readonly agentCapabilities?: JsonObject;
  readonly authMethods?: readonly JsonObject[];
  readonly agentInfo?: JsonObject;
};

/** Authentication behaviour. */
export type ScenarioAuthentication = {
  /** Session methods fail with `-32000` until an `authenticate` succeeded. Default false. */
  readonly required?: boolean;
  /**
   * Outcome per auth method id. An id not listed fails with `-32602`; without `methods` every id
   * succeeds.
   */
  readonly methods?: { readonly [methodId: string]: ScenarioAnswer };
};

/** The answer to `session/new`, `session/load` or `session/resume`. */
export type ScenarioSessionAnswer = ScenarioAnswer & {
  /** `session/new` only: the id to hand out (default `fake-session-<n>`). */
  readonly sessionId?: string;
  /** `SessionModeState`: `{ currentModeId, availableModes }`. */
  readonly modes?: JsonObject;
  /** Unstable `SessionModelState`: `{ currentModelId, availableModels }`. */
  readonly models?: JsonObject;
  /** `SessionConfigOption[]`; `session/set_config_option` changes these. */
  readonly configOptions?: readonly JsonObject[];
  /** `session/load` only: `update` members replayed as `session/update` before the answer. */
  readonly history?: readonly JsonObject[];
};

/** Behaviour of `session/set_mode`, `session/set_model` or `session/set_config_option`. */
export type ScenarioSetting = ScenarioAnswer & {
  /**
   * Also report the change with `current_mode_update` / `config_option_update` after answering.
   * Default false.
   */
  readonly notify?: boolean;
};

/** What `session/cancel` does to the running prompt. */
export type ScenarioCancel = {
  /** Keep running the script as if nothing happened (`wait-for-cancel` still returns). */
  readonly ignore?: boolean;
  /** Steps run after the script stopped, before answering. */
  readonly steps?: readonly ScenarioStep[];
  /** The prompt answer; default `{ stopReason: 'cancelled' }`. */
  readonly response?: ScenarioPromptResponse;
  /** Answer with this JSON-RPC error instead. */
  readonly error?: ScenarioRpcError;
};

/** A `PromptResponse`: `{ stopReason, usage?, _meta? }` (more fields are sent as written). */
export type ScenarioPromptResponse = JsonObject & {
  readonly stopReason: string;
  readonly usage?: JsonObject;
  readonly _meta?: JsonObject;
};

/** The script of one `session/prompt`. */
export type ScenarioPrompt = {
  /**
   * Match on the prompt's text (its text blocks joined by newlines): `text` is a substring,
   * `pattern` a regular expression. Prompts without `match` are used in order.
   */
  readonly match?: { readonly text?: string; readonly pattern?: string };
  readonly steps?: readonly ScenarioStep[];
  /** Default `{ stopReason: 'end_turn' }`. */
  readonly response?: ScenarioPromptResponse;
  /** Answer with this JSON-RPC error instead of `response`. */
  readonly error?: ScenarioRpcError;
  /** Overrides the scenario's `cancel` for this prompt. */
  readonly onCancel?: ScenarioCancel;
};

/** Process behaviour of the stdio executable (ignored in memory except `exitCodeOnEof`). */
export type ScenarioProcess = {
  /** Keep running after stdin closes (like codex-acp). */
  readonly ignoreStdinEof?: boolean;
  /** Ignore `SIGTERM` (only `SIGKILL` stops it). */
  readonly ignoreSigterm?: boolean;
  /** Spawn a long-lived child process (its pid is written to stderr as `fake-acp-agent child-pid=<pid>`). */
  readonly spawnChild?: boolean;
  /** Exit code when stdin closes. Default 0. */
  readonly exitCodeOnEof?: number;
  /** Wait this long before reading stdin. */
  readonly startupDelayMs?: number;
};

/** A complete, validated fake-agent scenario. Every section is optional. */
export type FakeAgentScenario = {
  readonly name?: string;
  readonly description?: string;
  readonly initialize?: ScenarioInitialize;
  readonly authentication?: ScenarioAuthentication;
  readonly sessionNew?: ScenarioSessionAnswer;
  readonly sessionLoad?: ScenarioSessionAnswer;
  readonly sessionResume?: ScenarioSessionAnswer;
  /** Absent: accepted (and checked against `modes.availableModes` when known). */
  readonly setMode?: ScenarioSetting;
  /** Absent: `-32601`, as ACP 2.x agents answer; present: accepted like `setMode`. */
  readonly setModel?: ScenarioSetting;
  /** Absent: accepted for known option ids; answers the full option list. */
  readonly setConfigOption?: ScenarioSetting;
  /** Prompt scripts: matched by `match`, else consumed in order. */
  readonly prompts?: readonly ScenarioPrompt[];
  /** Used when no script is left. Default: `{ response: { stopReason: 'end_turn' } }`. */
  readonly defaultPrompt?: ScenarioPrompt;
  /** Default cancel behaviour. */
  readonly cancel?: ScenarioCancel;
  /** Answers for any other request method (`session/list`, `logout`, `_vendor/x`): result or error. */
  readonly methods?: { readonly [method: string]: ScenarioAnswer & { readonly result?: unknown } };
  readonly process?: ScenarioProcess;
};
