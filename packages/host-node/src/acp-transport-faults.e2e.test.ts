import type { BackendManifest } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { useAgentTransports } from './__fixtures__/use-agent-transports.js';

const { startAgent } = useAgentTransports();

describe('createAcpTransport (real agent process, fake bridge)', () => {
  it('X-04 an over-long stdout line reaches the bridge as an agent fault, in order', async () => {
    const backend = {
      process: { names: ['node'], exitsOnStdinEof: true, stopGraceMs: 100 },
      quirks: { fatalStderrPatterns: ['^done \\d+$'] },
    } as unknown as BackendManifest;
    const { transport, log, messages } = startAgent(
      ['line-writer.mjs', 'long', String(64 * 1024)],
      {
        backend,
        maxLineBytes: 1024,
      },
    );
    await transport.start();
    await transport.closed;

    expect(messages.slice(0, 3)).toEqual([
      { type: 'echo', params: { n: 1 } },
      {
        type: 'fault',
        kind: 'line-too-long',
        message: 'The agent wrote a line longer than 1024 bytes on stdout; it was dropped.',
      },
      { type: 'echo', params: { n: 2 } },
    ]);
    expect(log.calls.filter((call) => call.startsWith('fault'))).toEqual(['fault line-too-long']);
  });

  it('X-04 a stderr line matching quirks.fatalStderrPatterns is a fatal-stderr fault; other lines are not', async () => {
    const backend = {
      process: { names: ['node'], exitsOnStdinEof: true, stopGraceMs: 100 },
      quirks: { fatalStderrPatterns: ['^done \\d+$', '(unclosed'] },
    } as unknown as BackendManifest;
    const { transport, logger, messages } = startAgent(
      ['line-writer.mjs', 'flood', '64', String(300 * 1024)],
      { backend },
    );
    await transport.start();
    await transport.closed;

    expect(messages.filter((message) => message.type === 'fault')).toEqual([
      { type: 'fault', kind: 'fatal-stderr', message: `done ${300 * 1024}` },
    ]);
    expect(logger.entries.map((entry) => entry.message)).toContain(
      'invalid fatalStderrPatterns entry ignored',
    );
  });
});
