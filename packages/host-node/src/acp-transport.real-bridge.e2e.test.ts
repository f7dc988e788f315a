import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackendManifest, BridgeEvent, Transport } from '@agentbridge/core/contracts';
import { fakeAcpAgentBinPath, scenarioPath } from '@agentbridge/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAcpTransport } from './acp-transport.js';

const transports: Transport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
});

type ClientLine = {
  type: string;
  subtype?: string;
  is_error?: boolean;
  result?: string;
  response?: { subtype?: string; request_id?: string };
};

/** Collects the client messages of `transport` (as they would be written) and resolves on the `result`. */
function collectMessages(transport: Transport) {
  const lines: ClientLine[] = [];
  const events: BridgeEvent[] = [];
  let resolveResult: () => void = () => {};
  const resultSeen = new Promise<void>((resolve) => {
    resolveResult = resolve;
  });
  transport.onEvent((event) => {
    events.push(event);
    if (event.type !== 'client-message') return;
    const message = JSON.parse(JSON.stringify(event.message)) as ClientLine;
    lines.push(message);
    if (message.type === 'result') resolveResult();
  });
  return { lines, events, resultSeen };
}

describe('createAcpTransport with createAcpBridge and the fake ACP agent', () => {
  it('X-02 runs one turn end to end and stops the agent once the client is done', async () => {
    const transport = createAcpTransport({
      command: process.execPath,
      args: [fakeAcpAgentBinPath, '--scenario', scenarioPath('basic')],
      env: { PATH: process.env.PATH ?? '' },
      cwd: process.cwd(),
      launch: { cwd: process.cwd() },
      stopGraceMs: 20_000,
    });
    transports.push(transport);
    const { lines, events, resultSeen } = collectMessages(transport);
    await transport.start();
    transport.writeClientLine(
      JSON.stringify({
        type: 'control_request',
        request_id: 'req_1',
        request: { subtype: 'initialize' },
      }),
    );
    transport.writeClientLine(
      JSON.stringify({
        type: 'user',
        session_id: '',
        parent_tool_use_id: null,
        message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      }),
    );
    await resultSeen;
    transport.endClientInput();
    const exit = await transport.closed;

    const kinds = lines.map((line) => (line.subtype ? `${line.type}/${line.subtype}` : line.type));
    expect(kinds[0]).toBe('control_response');
    expect(lines[0]?.response).toMatchObject({ subtype: 'success', request_id: 'req_1' });
    expect(kinds).toContain('system/init');
    expect(kinds).toContain('assistant');
    expect(kinds.at(-1)).toBe('result/success');
    expect(events.some((event) => event.type === 'session-opened')).toBe(true);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.error).toBeUndefined();
    expect(events.at(-1)?.type).toBe('agent-exited');
  });
});

const faultyBackend = {
  specificationVersion: 'backend-v1',
  id: 'faulty',
  displayName: 'Faulty Agent',
  protocol: 'acp',
  launch: { command: 'faulty-agent', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: ['node'], exitsOnStdinEof: true, stopGraceMs: 200 },
  hints: {},
  auth: { preferredMethodIds: [] },
  quirks: { fatalStderrPatterns: ['^FATAL: '] },
} as const satisfies BackendManifest;

describe('createAcpTransport: agent faults reach the real bridge', () => {
  it('X-04 a stderr line matching quirks.fatalStderrPatterns ends the prompt in flight with its text', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'agentbridge-fault-'));
    try {
      const scenarioFile = path.join(directory, 'fatal-stderr.json');
      writeFileSync(
        scenarioFile,
        JSON.stringify({
          name: 'fatal-stderr',
          defaultPrompt: {
            steps: [
              { type: 'stderr', text: 'a harmless warning' },
              { type: 'stderr', text: 'FATAL: quota exhausted' },
              { type: 'wait-for-cancel' },
            ],
            response: { stopReason: 'cancelled' },
          },
        }),
      );
      const transport = createAcpTransport({
        command: process.execPath,
        args: [fakeAcpAgentBinPath, '--scenario', scenarioFile],
        env: { PATH: process.env.PATH ?? '' },
        cwd: directory,
        launch: { cwd: directory },
        backend: faultyBackend,
      });
      transports.push(transport);
      const { lines, resultSeen } = collectMessages(transport);
      await transport.start();
      transport.writeClientLine(
        JSON.stringify({
          type: 'user',
          session_id: '',
          parent_tool_use_id: null,
          message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        }),
      );
      await resultSeen;
      transport.endClientInput();
      await transport.closed;

      const results = lines.filter((line) => line.type === 'result');
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ subtype: 'error_during_execution', is_error: true });
      expect(JSON.stringify(results[0])).toContain('FATAL: quota exhausted');
      expect(JSON.stringify(lines)).not.toContain('a harmless warning');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
