import type { BackendManifest } from '@agentbridge/core';
import { readTranscript } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from './__fixtures__/assert-known-server-line.js';
import { createInspectedBridge } from './__fixtures__/inspected-bridge.js';
import { backendWithQuirks } from './__fixtures__/seed-vendor-quirks.js';
import type { AcpLaunch } from './acp-launch.js';

/**
 * Golden transcripts: each `__fixtures__/<scenario>.transcript.jsonl` holds the inputs in order
 * (`client->bridge` and `agent->bridge` lines; `{"$event": "agent-exit" | "client-end" | "timer"}`
 * messages stand for the other inputs). Every output (`bridge->client`, `bridge->agent` and the
 * other events) is compared with `__snapshots__/<scenario>.outputs.jsonl`; a missing snapshot
 * fails in CI (`vitest -u` writes it). Ids and the clock are injected: nothing needs normalising.
 */

const scenarios: Record<string, Partial<AcpLaunch>> = {
  handshake: {
    model: 'gemini-2.5-flash',
    permissionMode: 'acceptEdits',
    includePartialMessages: true,
    replayUserMessages: true,
    clientInfo: { name: 'agentbridge', version: '0.0.0' },
  },
  auth: { agentCommand: '/usr/local/bin/gemini' },
  'session-load': { resumeSessionId: 'old-1', systemPrompt: 'never sent to a loaded session' },
  'prompt-streaming': { includePartialMessages: true, systemPrompt: 'Answer briefly.' },
  tools: { mcpServers: { shots: { command: 'shots-mcp' } } },
  permissions: { permissionPromptTool: 'stdio' },
  control: { mcpServers: { remote: { type: 'sse', url: 'https://mcp.example/sse' } } },
  usage: {},
  exit: {},
  'handshake-failure': { handshakeTimeoutMs: 30000 },
  'session-load-replay-tail': { resumeSessionId: 'old-1' },
};

/** Scenarios that run with a backend's quirks (data as in the backend packages' manifests). */
const backends: Record<string, BackendManifest> = {
  // codex-acp wraps MCP arguments in `{server, tool, arguments}` (as the codex manifest says).
  tools: backendWithQuirks(
    { mcpArgumentEnvelopes: [{ toolField: 'tool', argumentsField: 'arguments' }] },
    'codex',
  ),
  // Gemini CLI replays part of a loaded session after the session/load answer (S-06).
  'session-load-replay-tail': {
    specificationVersion: 'backend-v1',
    id: 'gemini',
    displayName: 'Gemini CLI',
    protocol: 'acp',
    launch: { command: 'gemini', args: ['--acp'] },
    probe: {},
    env: { forward: [], credentials: [] },
    process: { names: [], exitsOnStdinEof: true },
    hints: {},
    auth: { preferredMethodIds: [] },
    quirks: { loadReplaySettleMs: 300 },
  },
};

function replay(scenario: string, launch: Partial<AcpLaunch>): string[] {
  const outputs: string[] = [];
  let id = 0;
  let now = 0;
  const backend = backends[scenario];
  const bridge = createInspectedBridge({
    launch: { cwd: '/proj', ...launch },
    ...(backend !== undefined ? { backend } : {}),
    emit: (event) =>
      outputs.push(
        JSON.stringify(
          event.type === 'agent-message'
            ? { direction: 'bridge->agent', message: event.message }
            : event.type === 'client-message'
              ? { direction: 'bridge->client', message: event.message }
              : { event },
        ),
      ),
    newId: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    now: () => (now += 10),
  });
  for (const entry of readTranscript(
    new URL(`./__fixtures__/${scenario}.transcript.jsonl`, import.meta.url),
  )) {
    if ('raw' in entry) {
      if (entry.direction === 'agent->bridge') bridge.onAgentLine(entry.raw);
      else bridge.onClientLine(entry.raw);
      continue;
    }
    const message = entry.message as Record<string, unknown>;
    switch (message.$event) {
      case 'agent-exit':
        bridge.onAgentExit({
          code: (message.code as number | null) ?? null,
          signal: (message.signal as string | null) ?? null,
          ...(typeof message.stderrTail === 'string' ? { stderrTail: message.stderrTail } : {}),
        });
        continue;
      case 'client-end':
        bridge.onClientEnd();
        continue;
      case 'timer':
        bridge.onTimer(String(message.timerId));
        continue;
    }
    if (entry.direction === 'agent->bridge') bridge.onAgentLine(JSON.stringify(message));
    else bridge.onClientLine(JSON.stringify(message));
  }
  return outputs;
}

describe('golden transcripts', () => {
  for (const [scenario, launch] of Object.entries(scenarios)) {
    it(`${scenario}: JSONL in, JSONL out, every client line valid`, async () => {
      const outputs = replay(scenario, launch);
      for (const line of outputs) {
        const entry = JSON.parse(line) as { direction?: string; message?: unknown };
        if (entry.direction !== 'bridge->client') continue;
        assertKnownServerLine(entry.message);
      }
      await expect(`${outputs.join('\n')}\n`).toMatchFileSnapshot(
        `./__snapshots__/${scenario}.outputs.jsonl`,
      );
    });
  }
});
