import { createMemoryLogger } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  type Line,
  seedInitializeResult,
  seedSessionResult,
} from '../__fixtures__/bridge-harness.js';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';
import { createAcpBridge } from '../create-acp-bridge.js';

/**
 * The seed's pure-helper scenarios (§3.1), driven through the whole bridge where the helper has a
 * wire effect: each test feeds client and agent lines and asserts what the bridge writes.
 */

const authRequired = { error: { code: -32000, message: 'Authentication required' } } as const;

function signInHarness(
  authMethods: Line[],
  options: { agentCommand?: string; loginCommand?: string; authMethodId?: string } = {},
) {
  const harness = createHarness({
    launch: {
      ...(options.agentCommand !== undefined ? { agentCommand: options.agentCommand } : {}),
      ...(options.authMethodId !== undefined ? { authMethodId: options.authMethodId } : {}),
    },
    ...(options.loginCommand !== undefined
      ? {
          backend: {
            specificationVersion: 'backend-v1',
            id: 'codex',
            displayName: 'Codex',
            protocol: 'acp',
            launch: { command: 'codex-acp', args: [] },
            probe: {},
            env: { forward: [], credentials: [] },
            process: { names: [], exitsOnStdinEof: false },
            hints: { login: { command: options.loginCommand, args: ['login'] } },
            auth: { preferredMethodIds: [] },
            quirks: {},
          },
        }
      : {}),
    script: {
      initialize: { result: { ...seedInitializeResult(), authMethods } },
      'session/new': authRequired,
      authenticate: (params) => ({ error: { message: `${params.methodId} failed` } }),
    },
  });
  harness.initialize();
  return { harness, reason: String(harness.linesOf('result')[0]?.result ?? '') };
}

/** A harness in a turn, with the seed's vendor conventions as quirks (unless a backend is given). */
function turnHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = createHarness({ backend: seedVendorBackend, ...options });
  harness.initialize();
  harness.user('go');
  return harness;
}

/** The Claude name the bridge gives a tool_call frame. */
function toolNameFor(frame: Line, mcpServers: string[] = ['unity-ops']): string {
  const harness = turnHarness({
    launch: {
      mcpServers: Object.fromEntries(mcpServers.map((name) => [name, { command: 'srv' }])),
    },
  });
  // A call that ended is announced at once (T-06), whatever its input.
  harness.update({ sessionUpdate: 'tool_call', toolCallId: 't', status: 'completed', ...frame });
  return harness.linesOf('assistant').at(-1)?.message.content[0].name;
}

describe('seed pure-helper scenarios through the bridge', () => {
  it('seed#15 AU-10 terminal sign-in commands come from _meta terminal-auth and type terminal, executable paths stripped', () => {
    const { harness, reason } = signInHarness(
      [
        {
          id: 'copilot-login',
          name: 'Copilot',
          _meta: {
            'terminal-auth': { command: '/opt/copilot-linux-x64/copilot', args: ['login'] },
          },
        },
        { id: 'kimi', name: 'Kimi', type: 'terminal', args: ['login'] },
        {
          id: 'openai',
          name: 'Use OpenAI API key',
          _meta: { type: 'terminal', args: ['--auth-type=openai'] },
        },
      ],
      { agentCommand: 'C:\\Users\\me\\kimi.exe' },
    );
    expect(harness.sent('authenticate')).toEqual([]);
    expect(reason).toContain('`copilot login`');
    expect(reason).toContain('`kimi login`');
    expect(reason).toContain('`kimi --auth-type=openai`');
  });

  it('seed#16 AU-11 sign-in reasons: terminal-only wording, mixed wording with "or", and the login-command wording', () => {
    const terminalOnly = signInHarness(
      [{ id: 'login', name: 'Login', type: 'terminal', args: ['login'] }],
      { agentCommand: 'kimi' },
    );
    expect(terminalOnly.reason).not.toContain('failed');
    expect(terminalOnly.reason).toContain('run `kimi login` once, then start again.');
    const mixed = signInHarness(
      [
        { id: 'browser', name: 'Browser' },
        { id: 'a', name: 'A', type: 'terminal', args: ['login'] },
        { id: 'b', name: 'B', type: 'terminal', args: ['--login'] },
      ],
      { agentCommand: 'kimi' },
    );
    expect(mixed.reason).toContain(
      'sign-in failed for every method the agent offers (Browser: browser failed)',
    );
    expect(mixed.reason).toContain('`kimi login` or `kimi --login`');
    const withLogin = signInHarness([{ id: 'chatgpt', name: 'ChatGPT' }], {
      loginCommand: 'codex',
    });
    expect(withLogin.reason).toContain('`codex login`');
    expect(withLogin.reason).not.toContain('Reconnect');
  });

  it('seed#21 AU-05 AU-06 browser logins are tried first, key-like methods last; a configured id first of all', () => {
    const ranked = signInHarness([
      { id: 'gemini-api-key', name: 'Key' },
      { id: 'vertex-ai', name: 'Vertex' },
      { id: 'unknown-a', name: 'A' },
      { id: 'oauth-personal', name: 'Log in with Google' },
      { id: 'unknown-b', name: 'B' },
    ]);
    expect(ranked.harness.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'oauth-personal',
      'unknown-a',
      'unknown-b',
      'gemini-api-key',
      'vertex-ai',
    ]);
    const configured = signInHarness(
      [
        { id: 'oauth-personal', name: 'Google' },
        { id: 'vertex-ai', name: 'Vertex' },
      ],
      { authMethodId: 'vertex-ai' },
    );
    expect(configured.harness.sent('authenticate')[0]?.params).toEqual({ methodId: 'vertex-ai' });
  });

  it('seed#22 AU-13 key and gateway methods are tried last, after account logins, in the agent order', () => {
    const { harness } = signInHarness([
      { id: 'gemini-api-key', name: 'Use Gemini API key' },
      { id: 'gateway', name: 'Gateway' },
      { id: 'oauth-personal', name: 'Log in with Google' },
      { id: 'vertex-ai', name: 'Vertex AI' },
    ]);
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'oauth-personal',
      'gemini-api-key',
      'gateway',
      'vertex-ai',
    ]);
  });

  it('seed#23 AU-13 a method is named by its display name, else by its id', () => {
    const { harness } = signInHarness([
      { id: 'oauth-personal', name: 'Log in with Google' },
      { id: 'key' },
    ]);
    expect(
      harness.actions.flatMap((action) =>
        action.type === 'auth-started' ? [action.methodName] : [],
      ),
    ).toEqual(['Log in with Google', 'key']);
  });

  it('AU-12 AU-14 auth-started per attempt, auth-finished once; authenticate carries only the method id', () => {
    const { harness } = signInHarness([
      { id: 'a-login', name: 'A login' },
      { id: 'b-login', name: 'B login' },
    ]);
    expect(harness.actions.filter((action) => action.type === 'auth-started')).toHaveLength(2);
    expect(harness.actions.filter((action) => action.type === 'auth-finished')).toHaveLength(1);
    for (const request of harness.sent('authenticate'))
      expect(Object.keys(request.params)).toEqual(['methodId']);
  });

  it('seed#62 C-04 Claude modes map onto Gemini modes (plan has none)', () => {
    const answers: Record<string, string | undefined> = {};
    for (const mode of ['acceptEdits', 'bypassPermissions', 'default', 'plan']) {
      const harness = createHarness({ launch: { permissionMode: 'default' } });
      harness.initialize();
      harness.client({
        type: 'control_request',
        request_id: 'pm',
        request: { subtype: 'set_permission_mode', mode },
      });
      answers[mode] = harness.sent('session/set_mode').at(-1)?.params.modeId;
      if (mode === 'default') expect(harness.clientLines.at(-1)?.response.subtype).toBe('success');
      if (mode === 'plan') expect(harness.clientLines.at(-1)?.response.subtype).toBe('error');
    }
    expect(answers).toEqual({
      acceptEdits: 'auto-edit',
      bypassPermissions: 'yolo',
      default: undefined,
      plan: undefined,
    });
  });

  it('seed#63 C-04 S-21 Claude modes map onto Codex modes at start-up', () => {
    const codexSession = {
      sessionId: 'sess-1',
      modes: {
        currentModeId: 'auto',
        availableModes: ['read-only', 'auto', 'full-access'].map((id) => ({ id, name: id })),
      },
    };
    const startupMode = (permissionMode: string) => {
      const harness = createHarness({
        launch: { permissionMode },
        script: { 'session/new': { result: codexSession } },
      });
      harness.initialize();
      return harness.sent('session/set_mode').at(-1)?.params.modeId;
    };
    expect(startupMode('default')).toBe('read-only');
    expect(startupMode('acceptEdits')).toBeUndefined();
    expect(startupMode('bypassPermissions')).toBe('full-access');
    expect(startupMode('plan')).toBe('read-only');
  });

  it('seed#64 T-10 T-13 tool names by ACP kind; letters-only titles stay Tool', () => {
    expect(toolNameFor({ kind: 'read', title: 'Read a' })).toBe('Read');
    expect(toolNameFor({ kind: 'edit', title: 'Edit a' })).toBe('Edit');
    expect(toolNameFor({ kind: 'execute', title: 'ls' })).toBe('Bash');
    expect(toolNameFor({ kind: 'fetch', title: 'Fetch' })).toBe('WebFetch');
    expect(toolNameFor({ kind: 'search', title: 'Find' })).toBe('Search');
    expect(toolNameFor({ kind: 'other', title: 'anything' })).toBe('Tool');
    expect(toolNameFor({ title: 'anything' })).toBe('Tool');
  });

  it('seed#65 T-10 an MCP tool in rawInput.tool wins over the execute kind', () => {
    expect(
      toolNameFor({
        kind: 'execute',
        title: 'x',
        rawInput: { server: 'unity-ops', tool: 'uap_property_set', arguments: {} },
      }),
    ).toBe('mcp__unity-ops__uap_property_set');
  });

  it('seed#66 T-11 an MCP tool id is only read in leading position of the title', () => {
    expect(toolNameFor({ kind: 'other', title: 'uap_ping (unity-ops MCP Server)' })).toBe(
      'mcp__unity-ops__uap_ping',
    );
    expect(toolNameFor({ kind: 'other', title: 'mcp__unity-ops__uap_ping' })).toBe(
      'mcp__unity-ops__uap_ping',
    );
    expect(toolNameFor({ kind: 'other', title: 'unity-ops__uap_ping' })).toBe(
      'mcp__unity-ops__uap_ping',
    );
    expect(toolNameFor({ kind: 'other', title: 'Call uap_x now' })).not.toMatch(/^mcp__/);
    expect(toolNameFor({ kind: 'other', title: 'other-server__uap_ping' })).not.toMatch(
      /^mcp__unity-ops/,
    );
  });

  it('seed#67 T-11 a whole-value tool id rejects trailing text', () => {
    expect(
      toolNameFor({ kind: 'other', title: 'x y', rawInput: { tool_name: 'uap_ping and more' } }),
    ).not.toMatch(/^mcp__/);
  });

  it('seed#68 T-10 a shell command mentioning an MCP tool stays Bash', () => {
    expect(
      toolNameFor({ kind: 'execute', title: 'uap_ping', rawInput: { command: 'echo uap_ping' } }),
    ).toBe('Bash');
    expect(
      toolNameFor({ kind: 'execute', title: 'x', rawInput: { command: 'run', tool: 'uap_ping' } }),
    ).toBe('Bash');
  });

  it('seed#69 T-10 a tool on another server is not attributed to a configured one', () => {
    expect(
      toolNameFor({
        kind: 'execute',
        title: 'x',
        rawInput: { server: 'evil', tool: 'uap_ping', arguments: {} },
      }),
    ).toBe('mcp__evil__uap_ping');
  });

  it('seed#70 T-13 agent titles never impersonate Claude tools', () => {
    for (const title of ['Write', 'Bash', 'Task', 'AskUserQuestion', 'Imagine', 'mcp__x__y', '']) {
      expect(toolNameFor({ kind: 'other', title })).toBe('Tool');
    }
    expect(toolNameFor({ kind: 'other', title: 'search_tool' })).toBe('search_tool');
    expect(toolNameFor({ kind: 'other', title: 'Generate image' })).toBe('Generate image');
  });

  it('seed#73 T-12 T-13 Grok own tools show their title, X search maps to Search, run_terminal_command to Bash', () => {
    expect(toolNameFor({ title: 'search_tool' })).toBe('search_tool');
    expect(
      toolNameFor({
        kind: 'search',
        title: 'X search:',
        rawInput: { variant: 'XSearch', backend: true },
      }),
    ).toBe('Search');
    expect(
      toolNameFor({
        title: 'run_terminal_command',
        rawInput: { command: 'ls', description: 'list' },
        _meta: { 'x.ai/tool': { kind: 'execute' } },
      }),
    ).toBe('Bash');
  });

  it('seed#74 T-10 T-15 a Codex MCP call maps to its wire name; a titleless permission keeps it', () => {
    const harness = turnHarness({
      launch: { permissionPromptTool: 'stdio', mcpServers: { 'unity-ops': { command: 'srv' } } },
    });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'cx',
      kind: 'execute',
      title: 'mcp.unity-ops.uap_ping',
      rawInput: { server: 'unity-ops', tool: 'uap_ping', arguments: { a: 1 } },
    });
    harness.agent({
      jsonrpc: '2.0',
      id: 0,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: { toolCallId: 'cx', kind: 'execute', status: 'pending' },
        options: [{ optionId: 'ok', name: 'Allow', kind: 'allow_once' }],
      },
    });
    expect(harness.linesOf('assistant').at(-1)?.message.content[0]).toMatchObject({
      name: 'mcp__unity-ops__uap_ping',
      input: { a: 1 },
    });
    expect(harness.linesOf('control_request').at(-1)?.request).toMatchObject({
      tool_name: 'mcp__unity-ops__uap_ping',
      display_name: 'mcp__unity-ops__uap_ping',
      input: { a: 1 },
    });
  });

  it('seed#75 T-10 a Codex exec command stays Bash; another MCP server keeps its own name', () => {
    expect(
      toolNameFor({
        kind: 'execute',
        title: 'ls -la',
        rawInput: { command: 'ls -la', cwd: '/proj' },
      }),
    ).toBe('Bash');
    expect(
      toolNameFor({
        kind: 'execute',
        title: 'mcp.blender.render',
        rawInput: { server: 'blender', tool: 'render', arguments: {} },
      }),
    ).toBe('mcp__blender__render');
  });

  it('seed#76 AU-02 auth-required is recognised by code or by an auth/login message', () => {
    const signInFor = (error: Line) => {
      const harness = createHarness({
        script: {
          initialize: {
            result: { ...seedInitializeResult(), authMethods: [{ id: 'oauth', name: 'Login' }] },
          },
          'session/new': (() => {
            let calls = 0;
            return () => (++calls === 1 ? { error } : { result: seedSessionResult() });
          })(),
        },
      });
      harness.initialize();
      return harness.sent('authenticate').length;
    };
    expect(signInFor({ code: -32000, message: 'whatever' })).toBe(1);
    expect(signInFor({ code: -32603, message: 'Please LOGIN first' })).toBe(1);
    expect(signInFor({ code: -32603, message: 'x', data: 'auth token expired' })).toBe(1);
    expect(
      signInFor({ code: -32603, message: 'Configuration value not found: GOOSE_PROVIDER' }),
    ).toBe(0);
  });

  it('N-10 content blocks of chunks become text: resource links by uri, embedded resources by text', () => {
    const harness = turnHarness();
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'resource_link', uri: 'file:///a', name: 'a' },
    });
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'resource', resource: { uri: 'file:///b', text: ' B' } },
    });
    harness.endPrompt();
    expect(harness.linesOf('result')[0]?.result).toBe('file:///a B');
  });

  it('F-03 a failure inside a sink is caught and logged; the bridge never throws and keeps working', () => {
    const log = createMemoryLogger();
    const toAgent: string[] = [];
    let failures = 1;
    const bridge = createAcpBridge({
      launch: { cwd: '/proj' },
      emit: (event) => {
        if (event.type === 'agent-message') toAgent.push(JSON.stringify(event.message));
        else if (event.type === 'client-message' && failures-- > 0) throw new Error('sink broke');
      },
      log,
    });
    expect(() =>
      bridge.onClientLine(
        '{"type":"control_request","request_id":"r","request":{"subtype":"mcp_status"}}',
      ),
    ).not.toThrow();
    expect(log.entries.some((entry) => entry.level === 'error')).toBe(true);
    bridge.onClientLine(
      '{"type":"control_request","request_id":"i","request":{"subtype":"initialize"}}',
    );
    expect(toAgent.map((line) => JSON.parse(line).method)).toEqual(['initialize']);
  });

  it('F-05 the bridge sets no RPC timeouts: a held prompt arms no timer', () => {
    const harness = turnHarness();
    expect(harness.actions.filter((action) => action.type === 'start-timer')).toEqual([
      { type: 'start-timer', timerId: 'handshake', delayMs: 120000 },
    ]);
  });
});
