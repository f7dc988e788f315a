/**
 * Every error agentbridge raises carries one of these codes. They are stable: tools may branch on them.
 *
 * - `backend-not-found`: no registered backend has the requested id.
 * - `backend-invalid`: a backend plugin or manifest has the wrong shape, or two share one id.
 * - `executable-not-found`: the agent's command was not found on PATH or in the backend's install dirs.
 * - `config-invalid`: a configuration file or flag has a value that cannot be used.
 * - `usage`: the command line is wrong (mirrors `claude`'s usage errors).
 * - `protocol`: a peer sent something the protocol does not allow.
 * - `line-too-long`: one NDJSON line exceeded the size limit.
 * - `transport-closed`: a write or read happened after the transport ended.
 * - `handshake-failed`: the agent could not be initialised or no session could be opened.
 * - `timeout`: a host-owned deadline passed.
 * - `exit`: a quiet stop with a given exit code (not a bug).
 * - `internal`: a bug in agentbridge.
 */
export type AgentErrorCode =
  | 'backend-not-found'
  | 'backend-invalid'
  | 'executable-not-found'
  | 'config-invalid'
  | 'usage'
  | 'protocol'
  | 'line-too-long'
  | 'transport-closed'
  | 'handshake-failed'
  | 'timeout'
  | 'exit'
  | 'internal';
