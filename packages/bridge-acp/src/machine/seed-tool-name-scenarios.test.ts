import { describe, expect, it } from 'vitest';
import type { Line } from '../__fixtures__/bridge-harness.js';
import { turnHarness } from '../__fixtures__/turn-harness.js';

/**
 * The seed's pure-helper scenarios (§3.1), driven through the whole bridge where the helper has a
 * wire effect: each test feeds client and agent lines and asserts what the bridge writes.
 */

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
});
