import { describe, expect, it } from 'vitest';
import type { FakeAgentScenario } from '../scenario/fake-agent-scenario.js';
import type { AgentDriver } from './create-agent-driver.js';
import { createAgentDriver } from './create-agent-driver.js';
import { createFakeAcpAgent } from './create-fake-acp-agent.js';
import type { FakeAcpAgentOptions } from './fake-acp-agent.js';

function driver(scenario: FakeAgentScenario, options: FakeAcpAgentOptions = {}): AgentDriver {
  return createAgentDriver(createFakeAcpAgent(scenario, options));
}

describe('fake agent: handshake, sessions and settings', () => {
  it('answers initialize with the scenario capabilities and defaults', async () => {
    const test = driver({
      initialize: {
        agentCapabilities: { loadSession: true },
        authMethods: [{ id: 'oauth', name: 'OAuth' }],
      },
    });
    const id = test.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    expect(await test.take()).toEqual([
      {
        jsonrpc: '2.0',
        id,
        result: {
          protocolVersion: 1,
          agentCapabilities: { loadSession: true },
          authMethods: [{ id: 'oauth', name: 'OAuth' }],
          agentInfo: { name: 'fake-acp-agent', version: '0.0.0' },
        },
      },
    ]);
  });

  it('answers an initialize error and rejects later requests like an uninitialised agent', async () => {
    const test = driver({ initialize: { error: { code: -32603, message: 'boom' } } });
    const [initialize] = await test.initialize();
    test.request('session/new', { cwd: '/work', mcpServers: [] });
    const [sessionNew] = await test.take();
    expect(initialize?.error).toMatchObject({ code: -32603, message: 'boom' });
    expect(sessionNew?.error?.code).toBe(-32600);
  });

  it('requires authentication before session/new when configured (-32000), then opens', async () => {
    const test = driver({
      initialize: {
        authMethods: [
          { id: 'good', name: 'Good' },
          { id: 'bad', name: 'Bad' },
        ],
      },
      authentication: {
        required: true,
        methods: { good: {}, bad: { error: { code: -32000, message: 'login failed' } } },
      },
      sessionNew: { sessionId: 'session-a' },
    });
    const answers: unknown[] = [];
    await test.initialize();
    const steps: Array<[string, unknown]> = [
      ['session/new', { cwd: '/work', mcpServers: [] }],
      ['authenticate', { methodId: 'bad' }],
      ['authenticate', { methodId: 'unknown' }],
      ['session/new', { cwd: '/work', mcpServers: [] }],
      ['authenticate', { methodId: 'good' }],
      ['session/new', { cwd: '/work', mcpServers: [] }],
    ];
    for (const [method, params] of steps) {
      test.request(method, params);
      const [answer] = await test.take();
      answers.push(answer?.error?.code ?? answer?.result);
    }
    expect(answers).toEqual([-32000, -32000, -32602, -32000, {}, { sessionId: 'session-a' }]);
  });

  it('replays session/load history before its answer', async () => {
    const test = driver({
      sessionLoad: {
        modes: { currentModeId: 'default', availableModes: [{ id: 'default', name: 'Default' }] },
        history: [
          { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'q' } },
          { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'a' } },
        ],
      },
    });
    await test.initialize();
    const id = test.request('session/load', { sessionId: 'old-1', cwd: '/work', mcpServers: [] });
    const messages = await test.take();
    expect(messages.map((message) => message.params?.update?.sessionUpdate ?? message.id)).toEqual([
      'user_message_chunk',
      'agent_message_chunk',
      id,
    ]);
    expect(messages.at(-1)?.result).toEqual({
      modes: { currentModeId: 'default', availableModes: [{ id: 'default', name: 'Default' }] },
    });
    expect(messages[0]?.params?.sessionId).toBe('old-1');
  });

  it('answers session/load with -32601 when the scenario has no sessionLoad', async () => {
    const test = driver({});
    await test.initialize();
    test.request('session/load', { sessionId: 'old-1', cwd: '/work', mcpServers: [] });
    expect((await test.take())[0]?.error?.code).toBe(-32601);
  });

  it('changes modes, models and config options, answering the full option list', async () => {
    const test = driver({
      sessionNew: {
        modes: {
          currentModeId: 'default',
          availableModes: [
            { id: 'default', name: 'D' },
            { id: 'plan', name: 'P' },
          ],
        },
        models: { currentModelId: 'a', availableModels: [{ modelId: 'a', name: 'A' }] },
        configOptions: [
          {
            id: 'model',
            name: 'Model',
            type: 'select',
            currentValue: 'a',
            options: [
              { value: 'a', name: 'A' },
              { value: 'b', name: 'B' },
            ],
          },
          {
            id: 'effort',
            name: 'Effort',
            type: 'select',
            currentValue: 'low',
            options: [{ value: 'low', name: 'Low' }],
          },
        ],
      },
      setMode: { notify: true },
      setModel: {},
    });
    const sessionId = await test.openSession();
    test.request('session/set_mode', { sessionId, modeId: 'plan' });
    const modeMessages = await test.take();
    test.request('session/set_mode', { sessionId, modeId: 'nope' });
    test.request('session/set_config_option', { sessionId, configId: 'model', value: 'b' });
    test.request('session/set_config_option', { sessionId, configId: 'nope', value: 'b' });
    test.request('session/set_model', { sessionId, modelId: 'a' });
    const messages = await test.take();
    expect(modeMessages.map((message) => message.result ?? message.params?.update)).toEqual([
      {},
      { sessionUpdate: 'current_mode_update', currentModeId: 'plan' },
    ]);
    expect(messages.map((message) => message.error?.code ?? message.result)).toEqual([
      -32602,
      {
        configOptions: [
          expect.objectContaining({ id: 'model', currentValue: 'b' }),
          expect.objectContaining({ id: 'effort', currentValue: 'low' }),
        ],
      },
      -32602,
      {},
    ]);
  });

  it('answers session/set_model with -32601 unless the scenario enables it', async () => {
    const test = driver({});
    const sessionId = await test.openSession();
    test.request('session/set_model', { sessionId, modelId: 'x' });
    expect((await test.take())[0]?.error?.code).toBe(-32601);
  });

  it('answers other methods from `methods`, and -32601 for unknown ones', async () => {
    const test = driver({
      methods: {
        'session/list': { result: { sessions: [{ sessionId: 's', cwd: '/w' }] } },
        _vendor_ping: { error: { code: -32000, message: 'nope' } },
      },
    });
    await test.openSession();
    test.request('session/list', {});
    test.request('_vendor_ping', {});
    test.request('session/close', { sessionId: 'x' });
    const messages = (await test.take()).sort((left, right) => Number(left.id) - Number(right.id));
    expect(messages.map((message) => message.error?.code ?? message.result)).toEqual([
      { sessions: [{ sessionId: 's', cwd: '/w' }] },
      -32000,
      -32601,
    ]);
  });

  it('sends afterSteps once the answer is on the wire', async () => {
    const test = driver({
      sessionNew: {
        sessionId: 's1',
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
    const messages = await test.take();
    expect(
      messages.map((message) => message.result?.sessionId ?? message.params?.update?.sessionUpdate),
    ).toEqual(['s1', 'available_commands_update']);
  });
});
