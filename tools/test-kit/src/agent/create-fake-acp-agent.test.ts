import { describe, expect, it, vi } from 'vitest';
import type { FakeAgentScenario } from '../scenario/fake-agent-scenario.js';
import { ScenarioError } from '../scenario/scenario-error.js';
import type { AgentDriver, WireMessage } from './create-agent-driver.js';
import { createAgentDriver } from './create-agent-driver.js';
import { createFakeAcpAgent } from './create-fake-acp-agent.js';
import type { FakeAcpAgentOptions } from './fake-acp-agent.js';

function driver(scenario: FakeAgentScenario, options: FakeAcpAgentOptions = {}): AgentDriver {
  return createAgentDriver(createFakeAcpAgent(scenario, options));
}

describe('createFakeAcpAgent: in-memory mechanics', () => {
  it('tells line listeners every stdout line in order until they unsubscribe', async () => {
    const test = driver({});
    const seen: string[] = [];
    const unsubscribe = test.agent.onLine((line) => seen.push(line));
    await test.initialize();
    unsubscribe();
    test.request('session/new', { cwd: '/work', mcpServers: [] });
    await test.take();
    expect(seen).toEqual([test.agent.lines[0]]);
    expect(test.agent.lines).toHaveLength(2);
  });

  it('answers a malformed line with -32700 and records it raw', async () => {
    const test = driver({});
    test.agent.writeLine('{not json');
    expect(await test.take()).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
    ]);
    expect(test.agent.received).toEqual([{ direction: 'bridge->agent', raw: '{not json' }]);
  });

  it('records every received message and both directions in the transcript', async () => {
    const test = driver({});
    await test.openSession();
    expect(
      test.agent.received.map((entry) =>
        'message' in entry ? (entry.message as WireMessage).method : 'raw',
      ),
    ).toEqual(['initialize', 'session/new']);
    expect(test.agent.transcript.map((entry) => entry.direction)).toEqual([
      'bridge->agent',
      'agent->bridge',
      'bridge->agent',
      'agent->bridge',
    ]);
  });

  it('exits with exitCodeOnEof when stdin closes, unless told to ignore EOF', async () => {
    const exiting = driver({ process: { exitCodeOnEof: 4 } });
    exiting.agent.endInput();
    expect(await exiting.agent.closed).toEqual({ code: 4, signal: null, reason: 'stdin-closed' });
    const staying = driver({ process: { ignoreStdinEof: true } });
    staying.agent.endInput();
    await staying.agent.drain();
    expect(staying.agent.exit).toBeUndefined();
    staying.agent.close();
    expect(staying.agent.exit?.reason).toBe('closed');
  });

  it('drains deterministically under vi.useFakeTimers (it flushes with the real setImmediate)', async () => {
    vi.useFakeTimers();
    try {
      const test = driver({
        sessionNew: {
          afterSteps: [
            {
              type: 'update',
              update: { sessionUpdate: 'available_commands_update', availableCommands: [] },
            },
          ],
        },
      });
      await test.initialize();
      test.request('session/new', { cwd: '/work', mcpServers: [] });
      const opened = await test.take();
      expect(opened.map((message) => message.params?.update?.sessionUpdate ?? 'answer')).toEqual([
        'answer',
        'available_commands_update',
      ]);
      const sessionId = String(opened[0]?.result?.sessionId);
      test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
      expect((await test.take()).map((message) => message.result?.stopReason)).toEqual([
        'end_turn',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects an invalid scenario with a ScenarioError naming the path', () => {
    const bad = { prompts: [{ steps: [{ type: 'dance' }] }] } as unknown as FakeAgentScenario;
    expect(() => createFakeAcpAgent(bad)).toThrow(ScenarioError);
    expect(() => createFakeAcpAgent(bad)).toThrow(/prompts\.0\.steps\.0\.type/);
  });
});
