export type { AcpBridgeTransportOptions } from './acp-bridge-transport.js';
export { createAcpBridgeTransport } from './acp-bridge-transport.js';
export type { AgentEnvironmentOptions } from './agent-environment.js';
export { claudeClientVariables, createAgentEnvironment } from './agent-environment.js';
export type { AgentProcess, ProcessExit } from './agent-process.js';
export type { BatchedLineWriter, BatchedLineWriterOptions } from './batched-line-writer.js';
export { createBatchedLineWriter } from './batched-line-writer.js';
export type { ClaudeCliTransportOptions } from './claude-cli-transport.js';
export { createClaudeCliTransport } from './claude-cli-transport.js';
export type { CollectLaunchSecretsOptions } from './collect-launch-secrets.js';
export { collectLaunchSecrets } from './collect-launch-secrets.js';
export type { ConnectNodeStreamsOptions } from './connect-node-streams.js';
export { connectNodeStreams } from './connect-node-streams.js';
export { expandDirectory, homeFromEnvironment } from './expand-directory.js';
export type { FileSystem } from './file-system.js';
export { nodeFileSystem } from './file-system.js';
export type {
  ExtraDirectories,
  FindExecutableOptions,
  FoundExecutable,
} from './find-executable.js';
export { findExecutable, isPathLike } from './find-executable.js';
export type { Environment, HostPlatform } from './host-platform.js';
export type { LineSplitter, LineSplitterOptions } from './line-splitter.js';
export { createLineSplitter, defaultMaxLineBytes } from './line-splitter.js';
export type { LineTransport } from './line-transport.js';
export type { CreateBridge } from './load-bridge-factory.js';
export { loadDefaultBridgeFactory } from './load-bridge-factory.js';
export type { ReapOrphansOptions, ReapOutcome } from './orphan-reaper.js';
export { reapOrphans } from './orphan-reaper.js';
export type { PrepareAgentLaunchOptions, PreparedAgentLaunch } from './prepare-agent-launch.js';
export { prepareAgentLaunch } from './prepare-agent-launch.js';
export type { ProbeAgentVersionOptions, RunCommand } from './probe-agent-version.js';
export { probeAgentVersion } from './probe-agent-version.js';
export type {
  SignalProcessTree,
  StopProcessTreeOptions,
  StoppableProcess,
  TreeSignal,
} from './process-group.js';
export {
  createProcessTreeSignaller,
  defaultStopGraceMs,
  stopProcessTree,
} from './process-group.js';
export type { ProcessIdentity, ProcessInspector } from './process-inspector.js';
export { createProcessInspector, identify } from './process-inspector.js';
export type { ProcessRecord } from './process-record.js';
export { listProcessRecords, removeProcessRecord, writeProcessRecord } from './process-record.js';
export type { ProcessTransportOptions } from './process-transport.js';
export {
  createRedactingLogger,
  createRedactor,
  minimumSecretLength,
  secretArgumentValues,
} from './redact-secrets.js';
export type { ResolveSpawnCommandOptions, SpawnCommand } from './resolve-spawn-command.js';
export { resolveSpawnCommand } from './resolve-spawn-command.js';
export { compareVersions, parseSemanticVersion, selectLaunchArgs } from './select-launch-args.js';
export type { SpawnAgentProcessOptions } from './spawn-agent-process.js';
export { spawnAgentProcess } from './spawn-agent-process.js';
export type { StateDirectoryOptions } from './state-directory.js';
export { resolveStateDirectory } from './state-directory.js';
export type { TimerHandle, Timers } from './timers.js';
export { systemTimers } from './timers.js';
export type { TransportEvent, TransportEventType } from './transport-event.js';
export { createWebStreams } from './web-streams.js';
