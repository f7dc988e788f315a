// What the benchmarks run: the agentbridge CLI in front of the firehose agent, and the plain line
// relay in front of the same agent. Each target knows how to open a session and run one prompt.
import { fileURLToPath } from 'node:url';
import { startProcess } from './bench-process.mjs';

export const cliBinPath = fileURLToPath(new URL('../bin/agentbridge.mjs', import.meta.url));
export const firehoseAgentPath = fileURLToPath(new URL('./firehose-agent.mjs', import.meta.url));
export const lineRelayPath = fileURLToPath(new URL('./line-relay.mjs', import.meta.url));

/** Starts the CLI (stream-json, partial messages on) in front of the firehose agent. */
export function startCli({ chunks, workDirectory, stateDirectory }) {
  const running = startProcess(
    process.execPath,
    [
      cliBinPath,
      '--output-format',
      'stream-json',
      '--verbose',
      '--input-format',
      'stream-json',
      '--include-partial-messages',
      '--backend',
      'acp',
      '--agent-command',
      process.execPath,
      '--agent-arg',
      firehoseAgentPath,
      '--agent-arg=--chunks',
      '--agent-arg',
      String(chunks),
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

/** Starts the line relay in front of the firehose agent; the harness speaks ACP through it. */
export function startRelay({ chunks, workDirectory }) {
  return startAcpTarget(
    [lineRelayPath, '--', process.execPath, firehoseAgentPath, '--chunks', String(chunks)],
    workDirectory,
  );
}

/** Starts the firehose agent alone (no relay): the upper bound of what any relay can deliver. */
export function startAgentAlone({ chunks, workDirectory }) {
  return startAcpTarget([firehoseAgentPath, '--chunks', String(chunks)], workDirectory);
}

function startAcpTarget(args, workDirectory) {
  const running = startProcess(process.execPath, args, {
    cwd: workDirectory,
    env: { PATH: process.env.PATH ?? '', HOME: workDirectory },
  });
  return {
    ...running,
    /** `initialize` then `session/new`; resolves once the session is open. */
    open() {
      const ready = running.waitForLine('"sessionId":"firehose-1"');
      running.send({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: 1, clientCapabilities: {} },
      });
      running.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'session/new',
        params: { cwd: workDirectory, mcpServers: [] },
      });
      return ready;
    },
    /** `session/prompt`; resolves with the line count once its answer arrived. */
    prompt() {
      const done = running.waitForLine('"stopReason"');
      running.send({
        jsonrpc: '2.0',
        id: 2,
        method: 'session/prompt',
        params: { sessionId: 'firehose-1', prompt: [{ type: 'text', text: 'stream' }] },
      });
      return done;
    },
  };
}
