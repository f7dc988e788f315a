import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult, shapeOf } from '../__fixtures__/bridge-harness.js';
import { initializeAnswer, initializeWith } from './__fixtures__/initialize-lines.js';

describe('the client initialize request', () => {
  it('S-02/S-03: mcpServers of the initialize request reach session/new next to --mcp-config, and the answer says mcp_servers_applied', () => {
    const harness = createHarness({
      launch: { mcpServers: { argv: { command: 'argv-server' } } },
    });
    harness.client(
      initializeWith({
        mcpServers: {
          files: { command: 'mcp-fs', args: ['--root', '/srv'], env: { TOKEN: 'secret-1' } },
          remote: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
          legacy: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
        },
      }),
    );
    expect(harness.lastRequest('session/new').params.mcpServers).toEqual([
      { name: 'argv', command: 'argv-server', args: [], env: [] },
      {
        name: 'files',
        command: 'mcp-fs',
        args: ['--root', '/srv'],
        env: [{ name: 'TOKEN', value: 'secret-1' }],
      },
      { type: 'http', name: 'remote', url: 'http://127.0.0.1:9/mcp', headers: [] },
    ]);
    expect(initializeAnswer(harness.clientLines)?.response).toMatchObject({
      mcp_servers_applied: true,
    });
    expect(harness.linesOf('system', 'init')[0]?.mcp_servers).toEqual([
      { name: 'argv', status: 'connected' },
      { name: 'files', status: 'connected' },
      { name: 'remote', status: 'connected' },
      { name: 'legacy', status: 'failed', error: 'the agent does not accept sse MCP servers' },
    ]);
    expect(JSON.stringify(harness.log.entries)).not.toContain('secret-1');
  });

  it('S-02: an initialize that arrives after the handshake started answers mcp_servers_applied: false', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.user('hi');
    harness.client(initializeWith({ mcpServers: { files: { command: 'mcp-fs' } } }));
    harness.respond(1, seedInitializeResult());
    expect(harness.lastRequest('session/new').params.mcpServers).toEqual([]);
    expect(initializeAnswer(harness.clientLines)?.response).toMatchObject({
      mcp_servers_applied: false,
    });
  });

  it('PM-04: disallowedTools of the initialize request deny matching tools, and the answer confirms them', () => {
    const harness = createHarness({ launch: { permissionPromptTool: 'stdio' } });
    harness.client(initializeWith({ disallowedTools: ['Bash'] }));
    expect(initializeAnswer(harness.clientLines)?.response).toMatchObject({
      disallowed_tools_applied: true,
    });
    harness.user('go');
    harness.agent({
      jsonrpc: '2.0',
      id: 7,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: { toolCallId: 'call_p', title: 'rm -rf build', kind: 'execute' },
        options: [
          { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
          { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
        ],
      },
    });
    expect(harness.linesOf('control_request')).toEqual([]);
    expect(harness.toAgentLines.find((line) => line.id === 7)?.result).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
  });

  it('H-11 HK-01: settings, managed settings and plugins are refused with explicit false verdicts; hooks are applied', () => {
    const harness = createHarness();
    harness.client(
      initializeWith({
        settings: { model: 'x' },
        managedSettings: { policy: true },
        hooks: { PreToolUse: [{ hookCallbackIds: ['hook_0'], onFailure: 'block' }] },
        plugins: [{ type: 'local', path: '/plugins/p' }],
      }),
    );
    const response = initializeAnswer(harness.clientLines)?.response;
    expect(response).toMatchObject({
      settings_applied: false,
      managed_settings_applied: false,
      hooks_applied: true,
      hook_on_failure_supported: true,
      plugins_applied: false,
    });
    expect(response).not.toHaveProperty('mcp_servers_applied');
    expect(harness.log.entries.filter((entry) => entry.level === 'warn')).toHaveLength(3);
  });

  it('H-11: a plain initialize answer carries no verdict fields', () => {
    const harness = createHarness();
    harness.initialize();
    const response = initializeAnswer(harness.clientLines)?.response ?? {};
    expect(Object.keys(response).filter((key) => key.endsWith('_applied'))).toEqual([]);
  });

  it('H-01 --await-initialize: a user line first does not start the handshake; the initialize does, and the waiting turn runs after it', () => {
    const harness = createHarness({ launch: { awaitInitialize: true } });
    harness.user('hi');
    expect(harness.toAgentLines).toEqual([]);
    expect(harness.clientLines).toEqual([]);
    harness.client(initializeWith({ mcpServers: { files: { command: 'mcp-fs' } } }));
    expect(harness.toAgentLines.map((line) => line.method)).toEqual([
      'initialize',
      'session/new',
      'session/prompt',
    ]);
    expect(harness.lastRequest('session/new').params.mcpServers).toEqual([
      { name: 'files', command: 'mcp-fs', args: [], env: [] },
    ]);
    harness.endPrompt();
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/success',
      'system/init',
      'result/success',
    ]);
  });

  it('H-01 --await-initialize: input that ends without an initialize still gets its turn', () => {
    const harness = createHarness({ launch: { awaitInitialize: true } });
    harness.user('hi');
    harness.bridge.onClientEnd();
    harness.agent({ jsonrpc: '2.0', method: 'noop' });
    expect(harness.sent('session/prompt')).toHaveLength(1);
    harness.endPrompt();
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
  });
});
