import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeGeminiServer } from './fake-gemini-server.js';
import { createScratchDirectory } from './launch-agent.js';
import { netGuardPreloadPath } from './launch-gemini.js';
import { startProxyTrap } from './proxy-trap.js';
import { foreignConnections } from './run-agent-scenario.js';
import { normalizeTranscript } from './transcript-file.js';

/** Runs a node script with the net guard preloaded; resolves with its stdout and the guard log. */
async function runGuarded(script: string) {
  const directory = createScratchDirectory('guard');
  const logPath = join(directory, 'net.jsonl');
  try {
    const child = spawn(process.execPath, ['-e', script], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_OPTIONS: `--require=${netGuardPreloadPath}`,
        AGENTBRIDGE_E2E_NET_LOG: logPath,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    await new Promise((done) => child.once('exit', done));
    const log = readFileSync(logPath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { host: string; port: number; allowed: boolean });
    return { stdout, log };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('offline guards', () => {
  it('the net guard refuses and records a non-loopback connect, and lets loopback through', async () => {
    const server = await startFakeGeminiServer();
    try {
      const { stdout, log } = await runGuarded(`
        const net = require('node:net');
        const remote = net.connect(443, 'example.com');
        remote.on('error', (error) => {
          console.log('remote:' + error.code);
          const local = net.connect(${server.port}, '127.0.0.1', () => { console.log('local:ok'); local.end(); });
        });`);
      expect(stdout).toContain('remote:ECONNREFUSED');
      expect(stdout).toContain('local:ok');
      expect(log).toEqual([
        { pid: expect.any(Number), host: 'example.com', port: 443, allowed: false },
        { pid: expect.any(Number), host: '127.0.0.1', port: server.port, allowed: true },
      ]);
      expect(foreignConnections(log, server.port)).toEqual([
        { pid: expect.any(Number), host: 'example.com', port: 443, allowed: false },
      ]);
    } finally {
      await server.close();
    }
  });

  it('the proxy trap refuses a CONNECT and records its target', async () => {
    const trap = await startProxyTrap();
    try {
      const reply = await new Promise<string>((done, fail) => {
        const socket = connect(Number(new URL(trap.url).port), '127.0.0.1', () => {
          socket.write('CONNECT api.openai.com:443 HTTP/1.1\r\nHost: api.openai.com:443\r\n\r\n');
        });
        let text = '';
        socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => done(text));
        socket.on('error', fail);
      });
      expect(reply).toMatch(/^HTTP\/1\.1 403/);
      expect(trap.connections()).toEqual([{ host: 'api.openai.com', port: 443, allowed: false }]);
    } finally {
      await trap.close();
    }
  });

  it('transcript normalisation renames ids consistently and replaces scratch paths', () => {
    const sessionId = '0f97b5a5-c7c4-45c3-b2e4-9500ce64e792';
    const normalized = normalizeTranscript(
      [
        {
          direction: 'client->agent',
          message: {
            jsonrpc: '2.0',
            id: 1,
            method: 'session/new',
            params: { cwd: '/var/tmp/x-1' },
          },
        },
        {
          direction: 'agent->client',
          message: {
            jsonrpc: '2.0',
            method: 'session/update',
            params: {
              sessionId,
              update: { sessionUpdate: 'tool_call', toolCallId: 'write_file_1795981288978_0' },
            },
          },
        },
        {
          direction: 'agent->client',
          message: {
            jsonrpc: '2.0',
            method: 'session/update',
            params: {
              sessionId,
              update: {
                sessionUpdate: 'tool_call_update',
                toolCallId: 'write_file_1795981288978_0',
              },
            },
          },
        },
      ],
      [['/var/tmp/x-1', '/work/project']],
    );
    expect(JSON.stringify(normalized)).not.toContain(sessionId);
    expect(JSON.stringify(normalized)).not.toContain('/var/tmp');
    expect(normalized.map((entry) => JSON.stringify(entry.message))).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/work/project"}}',
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"uuid-1","update":{"sessionUpdate":"tool_call","toolCallId":"tool-call-1"}}}',
      '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"uuid-1","update":{"sessionUpdate":"tool_call_update","toolCallId":"tool-call-1"}}}',
    ]);
  });
});
