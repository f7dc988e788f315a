export type { AgentDriver, WireMessage } from './agent/create-agent-driver.js';
export { createAgentDriver, updateKinds } from './agent/create-agent-driver.js';
export { createFakeAcpAgent } from './agent/create-fake-acp-agent.js';
export type {
  FakeAcpAgent,
  FakeAcpAgentOptions,
  FakeAgentExit,
  FakeAgentOutcome,
  Sleep,
} from './agent/fake-acp-agent.js';
export type { FakeAgentProcessOptions } from './agent/run-fake-acp-agent-process.js';
export { runFakeAcpAgentProcess } from './agent/run-fake-acp-agent-process.js';
export { promptText } from './agent/select-prompt.js';
export type { AsyncQueue } from './async/create-async-queue.js';
export { createAsyncQueue } from './async/create-async-queue.js';
export type { FakeClock } from './clock/create-fake-clock.js';
export { createFakeClock } from './clock/create-fake-clock.js';
export type { MessageLike } from './messages/read-until.js';
export { isResult, kindOf, readUntil } from './messages/read-until.js';
export type { ShippedScenarioName } from './paths/test-kit-paths.js';
export { fakeAcpAgentBinPath, scenarioPath } from './paths/test-kit-paths.js';
export type {
  FakeAgentScenario,
  ScenarioAnswer,
  ScenarioAuthentication,
  ScenarioCancel,
  ScenarioInitialize,
  ScenarioProcess,
  ScenarioPrompt,
  ScenarioPromptResponse,
  ScenarioSessionAnswer,
  ScenarioSetting,
} from './scenario/fake-agent-scenario.js';
export { loadScenario, parseScenario, parseScenarioText } from './scenario/load-scenario.js';
export { ScenarioError } from './scenario/scenario-error.js';
export { fakeAgentScenarioSchema, scenarioStepSchema } from './scenario/scenario-schema.js';
export type {
  ClientNotificationStep,
  ClientRequestStep,
  CrashStep,
  DelayStep,
  ExitStep,
  JsonObject,
  RequestPermissionStep,
  ScenarioRpcError,
  ScenarioStep,
  ScenarioStepType,
  StderrStep,
  StdoutStep,
  UpdateStep,
  WaitForCancelStep,
} from './scenario/scenario-step.js';
export type { Normalizer, NormalizerOptions } from './transcript/create-normalizer.js';
export { createNormalizer, normalizeLines } from './transcript/create-normalizer.js';
export type { FileLocation } from './transcript/json-lines.js';
export {
  messagesOf,
  parseJsonLines,
  readJsonLines,
  readTranscript,
  toJsonLines,
  writeJsonLines,
  writeTranscript,
} from './transcript/json-lines.js';
export type { TranscriptDirection, TranscriptEntry } from './transcript/transcript-entry.js';
export {
  isTranscriptEntry,
  toTranscriptEntry,
  transcriptDirections,
} from './transcript/transcript-entry.js';
