export type {
  AcpTestClient,
  PermissionResponder,
  TranscriptEntry,
} from './acp-test-client.js';
export { connectAcpTestClient, recordStream, selectPermissionOption } from './acp-test-client.js';
export type {
  FakeGeminiServer,
  GeminiApiError,
  GeminiPart,
  GeminiTurn,
  GeminiUsage,
} from './fake-gemini-server.js';
export { startFakeGeminiServer, toGeminiChunks } from './fake-gemini-server.js';
export type {
  FakeModelServer,
  RecordedRequest,
  ResponseResolver,
  ScriptedResponse,
  SseEvent,
} from './fake-model-server.js';
export { startFakeModelServer } from './fake-model-server.js';
export type {
  FakeOpenAiServer,
  ResponsesApiError,
  ResponsesItem,
  ResponsesTurn,
  ResponsesUsage,
} from './fake-openai-server.js';
export { startFakeOpenAiServer, toResponsesEvents } from './fake-openai-server.js';
export type {
  AgentExit,
  LaunchedAgent,
  RecordedConnection,
  SpawnAgentOptions,
} from './launch-agent.js';
export { createScratchDirectory, scratchRoot, spawnAgent } from './launch-agent.js';
export type { LaunchCodexOptions } from './launch-codex.js';
export { codexAcpBinary, codexOfflineConfig, launchCodex } from './launch-codex.js';
export type { LaunchGeminiOptions } from './launch-gemini.js';
export {
  geminiEntryPoint,
  geminiOfflineEnv,
  geminiOfflineSettings,
  launchGemini,
  netGuardPreloadPath,
} from './launch-gemini.js';
export type { ProxyTrap } from './proxy-trap.js';
export { proxyTrapEnv, startProxyTrap } from './proxy-trap.js';
export type { AgentScenario, ScenarioContext } from './run-agent-scenario.js';
export { foreignConnections, recordTranscripts, runAgentScenario } from './run-agent-scenario.js';
export type { TranscriptReplacement } from './transcript-file.js';
export {
  normalizeTranscript,
  toTranscriptJsonl,
  transcriptDirectory,
  writeTranscript,
} from './transcript-file.js';
