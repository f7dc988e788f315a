import { describe, expect, it } from 'vitest';
import { type Harness, type Line, seedInitializeResult } from '../__fixtures__/bridge-harness.js';
import { backendWithQuirks } from '../__fixtures__/seed-vendor-quirks.js';
import {
  endpointEntry,
  hostOperations,
  mcpMessages,
  openEndpoint,
  sdkSession,
} from './__fixtures__/mcp-harness.js';

const control = (harness: Harness, request: Line, requestId = 'c_1') => {
  harness.client({ type: 'control_request', request_id: requestId, request });
  return harness.clientLines.filter(
    (line) => line.type === 'control_response' && line.response.request_id === requestId,
  );
};

const withResume = {
  script: {
    initialize: {
      result: seedInitializeResult({
        loadSession: false,
        sessionCapabilities: { resume: {} },
      }),
    },
    'session/resume': { result: {} },
  },
  launch: { mcpServers: { fs: { type: 'http' as const, url: 'http://fs.example/mcp' } } },
};

describe('MCP control requests', () => {
  it('MCP-06 mcp_toggle reopens the session without the server (session/resume); mcp_status says disabled', () => {
    const harness = sdkSession(withResume);
    control(harness, { subtype: 'mcp_toggle', serverName: 'calc', enabled: false });
    // No in-process server left: no endpoint to open.
    expect(hostOperations(harness, 'mcp/open-endpoint')).toHaveLength(1);
    const resume = harness.lastRequest('session/resume').params;
    expect(resume).toEqual({
      cwd: '/proj',
      sessionId: 'sess-1',
      mcpServers: [{ type: 'http', name: 'fs', url: 'http://fs.example/mcp', headers: [] }],
    });
    expect(harness.clientLines.at(-1)?.response).toEqual({ subtype: 'success', request_id: 'c_1' });
    control(harness, { subtype: 'mcp_status' }, 's_1');
    expect(harness.clientLines.at(-1)?.response.response.mcpServers).toEqual([
      { name: 'fs', status: 'connected' },
      {
        name: 'calc',
        status: 'disabled',
        source: 'sdk',
        serverInfo: expect.any(Object),
        tools: [{ name: 'add' }],
      },
    ]);
    expect(harness.mcp('calc', { id: 1, method: 'ping' })[0]?.error.code).toBe(-32601);
    control(harness, { subtype: 'mcp_toggle', serverName: 'calc', enabled: true }, 'c_2');
    openEndpoint(harness);
    expect(harness.lastRequest('session/resume').params.mcpServers).toContainEqual(
      endpointEntry('calc'),
    );
  });

  it('MCP-06 MCP-09 mcp_reconnect reopens with session/load when that is all the agent offers, after its replay settled', () => {
    const harness = sdkSession({
      backend: backendWithQuirks({ loadReplaySettleMs: 300 }),
      script: { 'session/load': { result: {} } },
    });
    control(harness, { subtype: 'mcp_reconnect', serverName: 'calc' });
    openEndpoint(harness);
    expect(harness.lastRequest('session/load').params.mcpServers).toEqual([endpointEntry('calc')]);
    expect(harness.actions.at(-1)).toEqual({
      type: 'start-timer',
      timerId: 'mcp-reopen-settle',
      delayMs: 300,
    });
    // A prompt sent meanwhile waits for the reopen.
    harness.user('hi');
    expect(harness.sent('session/prompt')).toEqual([]);
    harness.bridge.onTimer('mcp-reopen-settle');
    expect(harness.clientLines.some((line) => line.response?.request_id === 'c_1')).toBe(true);
    // MCP-09: then until the agent listed the reconnected server's tools again.
    expect(harness.sent('session/prompt')).toEqual([]);
    harness.mcp('calc', { id: 'relist', method: 'tools/list' });
    expect(harness.sent('session/prompt')).toHaveLength(1);
  });

  it('MCP-06 refusals: an unknown server, a running turn, an agent that cannot reopen, a failed reopen', () => {
    const harness = sdkSession(withResume);
    expect(
      control(harness, { subtype: 'mcp_reconnect', serverName: 'nope' })[0]?.response.error,
    ).toBe("No MCP server named 'nope' in this session.");
    harness.user('hi');
    expect(
      control(harness, { subtype: 'mcp_toggle', serverName: 'calc', enabled: false }, 'c_2')[0]
        ?.response.error,
    ).toBe('MCP servers can change between turns only: a turn is running.');
    harness.endPrompt();
    control(harness, { subtype: 'mcp_status' }, 's_1');
    expect(harness.clientLines.at(-1)?.response.response.mcpServers[1].status).toBe('connected');

    const stuck = sdkSession({
      script: { initialize: { result: seedInitializeResult({ loadSession: false }) } },
    });
    expect(
      control(stuck, { subtype: 'mcp_reconnect', serverName: 'calc' })[0]?.response.error,
    ).toMatch(/^The agent cannot reopen its session/);

    const failing = sdkSession({
      ...withResume,
      script: {
        ...withResume.script,
        'session/resume': { error: { code: -32603, message: 'boom' } },
      },
    });
    control(failing, { subtype: 'mcp_toggle', serverName: 'calc', enabled: false });
    openEndpoint(failing);
    expect(failing.clientLines.at(-1)?.response.error).toBe(
      'session/resume with the new MCP servers failed: boom (code -32603)',
    );
    control(failing, { subtype: 'mcp_status' }, 's_1');
    expect(failing.clientLines.at(-1)?.response.response.mcpServers[1].status).toBe('connected');
  });

  it('MCP-07 mcp_set_servers replaces the in-process servers and the named configured ones', () => {
    const harness = sdkSession(withResume);
    control(harness, {
      subtype: 'mcp_set_servers',
      servers: {
        search: { type: 'sdk', name: 'search' },
        web: { type: 'sse', url: 'http://web.example/sse' },
      },
    });
    expect(hostOperations(harness, 'mcp/open-endpoint').at(-1)?.operation.params.names).toEqual([
      'search',
    ]);
    openEndpoint(harness);
    expect(harness.lastRequest('session/resume').params.mcpServers).toEqual([
      { type: 'http', name: 'fs', url: 'http://fs.example/mcp', headers: [] },
      endpointEntry('search'),
    ]);
    expect(harness.clientLines.at(-1)?.response.response).toEqual({
      added: ['web', 'search'],
      removed: ['calc'],
      errors: { web: 'the agent does not accept sse MCP servers' },
    });
    // Without a manifest, the handshake of the new server goes to the client.
    harness.mcp('search', { id: 0, method: 'initialize', params: {} });
    expect(mcpMessages(harness)[0]?.request.server_name).toBe('search');
  });

  it('MCP-08 a message the client’s server sends unasked is acknowledged and goes nowhere', () => {
    const harness = sdkSession();
    const answer = control(harness, {
      subtype: 'mcp_message',
      server_name: 'calc',
      message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    });
    expect(answer[0]?.response).toEqual({ subtype: 'success', request_id: 'c_1', response: {} });
  });
});
