import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BridgeEvent, Transport } from '@agentbridge/core/contracts';
import { createMemoryLogger } from '@agentbridge/core/contracts';
import { afterEach } from 'vitest';
import { type AcpTransportOptions, createAcpTransport } from '../acp-transport.js';
import { createFakeBridge, type FakeBridgeLog } from './fake-bridge.js';
import { fixturePath } from './process-helpers.js';

/**
 * Registers a hook that closes, after each test, the transports it started and removes the
 * temporary directories it made; returns the functions that start and make them.
 */
export function useAgentTransports() {
  const transports: Transport[] = [];
  const directories: string[] = [];

  afterEach(async () => {
    await Promise.all(transports.splice(0).map((transport) => transport.close()));
    for (const directory of directories.splice(0))
      rmSync(directory, { recursive: true, force: true });
  });

  /** A transport over a Node fixture with the fake bridge; collects the events and client messages. */
  function startAgent(args: string[], extra: Partial<AcpTransportOptions> = {}) {
    const log: FakeBridgeLog = { calls: [], maxDepth: 0 };
    const logger = createMemoryLogger();
    const transport = createAcpTransport({
      command: process.execPath,
      args: [fixturePath(args[0] ?? ''), ...args.slice(1)],
      env: { PATH: process.env.PATH ?? '' },
      launch: { cwd: process.cwd() },
      createBridge: createFakeBridge(log),
      logger,
      // Generous: a loaded machine may take long to exit on stdin EOF; nothing waits for the grace.
      stopGraceMs: 20_000,
      ...extra,
    });
    transports.push(transport);
    const events: BridgeEvent[] = [];
    const messages: Record<string, unknown>[] = [];
    transport.onEvent((event) => {
      events.push(event);
      if (event.type === 'client-message') messages.push(event.message as Record<string, unknown>);
    });
    return { transport, log, logger, events, messages };
  }

  return {
    startAgent,
    /** The `line-writer.mjs echo` agent: it echoes each line and exits on stdin EOF. */
    startEcho: (extra: Partial<AcpTransportOptions> = {}) =>
      startAgent(['line-writer.mjs', 'echo'], extra),
    /** A temporary directory, removed after the test. */
    temporaryDirectory: () => {
      const directory = mkdtempSync(path.join(tmpdir(), 'agentbridge-transport-'));
      directories.push(directory);
      return directory;
    },
  };
}
