import type { BackendManifest } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import type { Line } from '../__fixtures__/bridge-harness.js';
import {
  createHarness,
  seedInitializeResult,
  seedSessionResult,
  shapeOf,
} from '../__fixtures__/bridge-harness.js';

const backend = {
  specificationVersion: 'backend-v1',
  id: 'gemini',
  displayName: 'Gemini CLI',
  protocol: 'acp',
  launch: { command: 'gemini', args: ['--experimental-acp'] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: ['gemini'], exitsOnStdinEof: true },
  hints: {},
  auth: { preferredMethodIds: [] },
  quirks: {
    toolNameByAgentTool: {
      run_shell_command: 'Bash',
      read_file: 'Read',
      read_many_files: 'Read',
      write_file: 'Write',
      replace: 'Edit',
    },
  },
} satisfies BackendManifest;

/** The client's `initialize` with extra request fields. */
function initializeWith(request: Line, requestId = 'req_1'): Line {
  return {
    type: 'control_request',
    request_id: requestId,
    request: { subtype: 'initialize', ...request },
  };
}

const initializeAnswer = (lines: readonly Line[]): Line | undefined =>
  lines.find((line) => line.type === 'control_response' && line.response.request_id === 'req_1')
    ?.response;

const commandsUpdate = {
  sessionUpdate: 'available_commands_update',
  availableCommands: [{ name: 'review', description: 'Review', input: { hint: '<path>' } }],
};

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

describe('system/init and system/commands_changed', () => {
  it('issue 3: initialize and user sent together yield one system/init for an unchanged first turn', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    harness.user('hi');
    harness.respond(1, seedInitializeResult());
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    harness.endPrompt();
    const mark = harness.clientLines.length;
    harness.user('again');
    expect(harness.since(mark).map(shapeOf)).toEqual(['system/init']);
  });

  it('issue 3: a first turn still gets system/init when something changed since the session-ready one', () => {
    const harness = createHarness();
    harness.initialize();
    harness.client({
      type: 'control_request',
      request_id: 'req_2',
      request: { subtype: 'set_permission_mode', mode: 'acceptEdits' },
    });
    const mark = harness.clientLines.length;
    harness.user('hi');
    expect(harness.since(mark).map(shapeOf)).toEqual(['system/init']);
    expect(harness.since(mark)[0]?.permissionMode).toBe('acceptEdits');
  });

  it('N-06 H-13: available_commands_update after the initialize answer emits system/commands_changed with SlashCommands, and no system/init', () => {
    const harness = createHarness();
    harness.initialize();
    const mark = harness.clientLines.length;
    harness.update(commandsUpdate);
    expect(harness.since(mark)).toEqual([
      {
        type: 'system',
        subtype: 'commands_changed',
        commands: [{ name: 'review', description: 'Review', argumentHint: '<path>' }],
        session_id: 'sess-1',
        uuid: expect.any(String),
      },
    ]);
  });

  it('H-13 an SDK client gets one system/init per turn, whatever the agent’s command updates', () => {
    const harness = createHarness();
    harness.initialize();
    const initsPerTurn: number[] = [];
    let before = 0;
    for (const text of ['one', 'two', 'three']) {
      harness.update(commandsUpdate);
      harness.user(text);
      harness.update(commandsUpdate);
      harness.endPrompt();
      const inits = harness.linesOf('system', 'init').length;
      initsPerTurn.push(inits - before);
      before = inits;
    }
    // The first turn's is the one written at session-ready.
    expect(initsPerTurn).toEqual([1, 1, 1]);
    expect(harness.linesOf('system', 'init')).toHaveLength(3);
    expect(harness.linesOf('system', 'commands_changed')).toHaveLength(6);
  });

  it('N-06: commands announced before the initialize answer go in the answer, not in commands_changed', () => {
    const harness = createHarness({
      script: {
        'session/new': () => {
          harness.update(commandsUpdate);
          return { result: seedSessionResult() };
        },
      },
    });
    harness.initialize();
    expect(harness.linesOf('system', 'commands_changed')).toEqual([]);
    expect(initializeAnswer(harness.clientLines)?.response.commands).toEqual([
      { name: 'review', description: 'Review', argumentHint: '<path>' },
    ]);
  });

  it('N-06: a client that never sent initialize gets no commands_changed', () => {
    const harness = createHarness();
    harness.user('hi');
    harness.update(commandsUpdate);
    expect(harness.linesOf('system', 'commands_changed')).toEqual([]);
  });

  it('H-12: system/init.tools lists the Claude tool names of the backend quirks, unique and sorted', () => {
    const harness = createHarness({ backend });
    harness.initialize();
    expect(harness.linesOf('system', 'init')[0]?.tools).toEqual(['Bash', 'Edit', 'Read', 'Write']);
    const plain = createHarness();
    plain.initialize();
    expect(plain.linesOf('system', 'init')[0]?.tools).toEqual([]);
  });
});

describe('agent exit during the handshake', () => {
  it('H-20: the handshake failure text carries the exit code and the stderr tail', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    harness.user('hi');
    harness.bridge.onAgentExit({
      code: 3,
      signal: null,
      stderrTail: 'cannot read ~/.fake/config.toml\n',
    });
    const text =
      'The agent process exited (code 3) before the ACP handshake finished. stderr: cannot read ~/.fake/config.toml';
    expect(harness.clientLines).toEqual([
      {
        type: 'control_response',
        response: { subtype: 'error', request_id: 'req_1', error: text },
      },
      expect.objectContaining({
        type: 'result',
        result: text,
        errors: [text],
        stop_reason: 'handshake_failed',
      }),
    ]);
  });
});

describe('the client input ends early', () => {
  it('PR-01: an empty input ends quietly: client-done at once, nothing sent to the agent or the client', () => {
    const harness = createHarness();
    harness.bridge.onClientEnd();
    expect(harness.actions).toEqual([{ type: 'stop-agent', reason: 'the client ended its input' }]);
    expect(harness.toAgentLines).toEqual([]);
    expect(harness.clientLines).toEqual([]);
  });

  it('H-11 PR-01: input that ends after initialize still gets the initialize answer; client-done comes after it', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    harness.bridge.onClientEnd();
    expect(harness.actions.map((action) => action.type)).toEqual(['start-timer']);
    harness.respond(1, seedInitializeResult());
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    expect(harness.actions.map((action) => action.type)).toEqual([
      'start-timer',
      'agent-initialized',
      'session-opened',
      'cancel-timer',
      'stop-agent',
    ]);
  });

  it('X-01 PR-01: the agent stopping after client-done is no handshake failure: no result, no error', () => {
    const harness = createHarness();
    harness.bridge.onClientEnd();
    expect(harness.actions).toEqual([{ type: 'stop-agent', reason: 'the client ended its input' }]);
    harness.bridge.onAgentExit({ code: 0, signal: null, stderrTail: '' });
    expect(harness.clientLines).toEqual([]);
    expect(harness.log.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('X-01: an exit after client-done during the handshake cancels the deadline quietly', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.user('');
    harness.bridge.onClientEnd();
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: 'the client ended its input',
    });
    harness.bridge.onAgentExit({ code: 0, signal: null });
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(harness.actions.at(-1)).toEqual({ type: 'cancel-timer', timerId: 'handshake' });
  });
});

describe('control requests', () => {
  it('C-05 LM-06: set_max_thinking_tokens is refused in-band when the agent has no thinking level; null is acknowledged', () => {
    const harness = createHarness();
    harness.initialize();
    harness.client({
      type: 'control_request',
      request_id: 'req_9',
      request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: 1024 },
    });
    expect(harness.clientLines.at(-1)).toEqual({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: 'req_9',
        error: 'The thinking budget cannot be applied: the agent offers no thinking-level setting.',
      },
    });
    harness.client({
      type: 'control_request',
      request_id: 'req_10',
      request: { subtype: 'set_max_thinking_tokens', max_thinking_tokens: null },
    });
    expect(harness.clientLines.at(-1)).toEqual({
      type: 'control_response',
      response: { subtype: 'success', request_id: 'req_10' },
    });
  });
});
