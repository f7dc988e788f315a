// What the benchmarks run: the agentbridge CLI in front of the firehose agent, and the ideal relay
// in front of the same agent. Each target knows how to open a session and run one prompt.
import { fileURLToPath } from 'node:url';
import { startProcess } from './bench-process.mjs';

export const cliBinPath = fileURLToPath(new URL('../bin/agentbridge.js', import.meta.url));
const firehoseAgentPath = fileURLToPath(new URL('./firehose-agent.cjs', import.meta.url));
const instantAgentPath = fileURLToPath(new URL('./instant-agent.sh', import.meta.url));
const idealRelayPath = fileURLToPath(new URL('./ideal-relay.mjs', import.meta.url));

/** The firehose agent's arguments: `chunks` small chunks per prompt, or one of `largeBytes`. */
const agentArgs = ({ chunks = 1, largeBytes }) => [
  '--chunks',
  String(chunks),
  ...(largeBytes === undefined ? [] : ['--large-bytes', String(largeBytes)]),
];

/**
 * Starts the CLI (`binPath`: another build's bin/agentbridge.js) in stream-json mode (`partial`:
 * `--include-partial-messages`; `nodeArgs`: Node's)
 * in front of the firehose agent, or with `shellAgent` of the instant-agent.sh (no Node start-up);
 * `cliArgs` go after the CLI's own.
 */
export function startCli({
  binPath = cliBinPath,
  partial = true,
  nodeArgs = [],
  shellAgent = false,
  cliArgs = [],
  workDirectory,
  stateDirectory,
  ...agent
}) {
  const agentOptions = shellAgent
    ? ['--agent-command', instantAgentPath]
    : [
        '--agent-command',
        process.execPath,
        ...[firehoseAgentPath, ...agentArgs(agent)].map((arg) => `--agent-arg=${arg}`),
      ];
  const running = startProcess(
    process.execPath,
    [
      ...nodeArgs,
      binPath,
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
      ...(partial ? ['--include-partial-messages'] : []),
      '--backend',
      'acp',
      ...agentOptions,
      ...cliArgs,
    ],
    {
      cwd: workDirectory,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: workDirectory,
        AGENTBRIDGE_STATE_DIR: stateDirectory,
      },
    },
  );
  return {
    ...running,
    /** Sends `initialize`; resolves once `system/init` arrived. */
    open() {
      const ready = running.waitForLine('"subtype":"init"');
      running.send({
        type: 'control_request',
        request_id: 'bench-init',
        request: { subtype: 'initialize' },
      });
      return ready;
    },
    /** Sends one user message; resolves with the line count once its `result` arrived. */
    prompt() {
      const done = running.waitForLine('{"type":"result"');
      running.send({
        type: 'user',
        message: { role: 'user', content: 'stream' },
        parent_tool_use_id: null,
        session_id: '',
      });
      return done;
    },
  };
}

/**
 * Starts the ideal relay in front of the firehose agent; the harness speaks ACP through it. With
 * `agentOnly`, the firehose agent alone (its own start-up).
 */
export function startIdealRelay({ partial = true, agentOnly = false, workDirectory, ...agent }) {
  const agentCommand = [firehoseAgentPath, ...agentArgs(agent)];
  const running = startProcess(
    process.execPath,
    agentOnly
      ? agentCommand
      : [
          idealRelayPath,
          ...(partial ? ['--partial'] : []),
          '--',
          process.execPath,
          ...agentCommand,
        ],
    { cwd: workDirectory, env: { PATH: process.env.PATH ?? '', HOME: workDirectory } },
  );
  let nextId = 0;
  const request = (method, params) =>
    running.send({ jsonrpc: '2.0', id: nextId++, method, params });
  return {
    ...running,
    /** `initialize` then `session/new`; resolves once the session is open. */
    open() {
      const ready = running.waitForLine('"sessionId":"firehose-1"');
      request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      request('session/new', { cwd: workDirectory, mcpServers: [] });
      return ready;
    },
    /** `session/prompt`; resolves with the line count once its answer arrived. */
    prompt() {
      const done = running.waitForLine('"stopReason"');
      const prompt = [{ type: 'text', text: 'stream' }];
      request('session/prompt', { sessionId: 'firehose-1', prompt });
      return done;
    },
  };
}
