import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult } from '../__fixtures__/bridge-harness.js';
import {
  answerHost,
  answerMcp,
  calcManifest,
  endpointEntry,
  hostOperations,
  mcpMessages,
  sdkSession,
} from './__fixtures__/mcp-harness.js';

describe('the local MCP endpoint of the in-process servers', () => {
  it('MCP-01 the endpoint opens after initialize and before session/new, whose servers name it', () => {
    const harness = createHarness();
    harness.client({
      type: 'control_request',
      request_id: 'init_1',
      request: { subtype: 'initialize', sdkMcpServers: ['calc'] },
    });
    expect(harness.sent('session/new')).toEqual([]);
    expect(hostOperations(harness, 'mcp/open-endpoint').map((action) => action.operation)).toEqual([
      { kind: 'mcp/open-endpoint', params: { names: ['calc'], http: true } },
    ]);
    answerHost(harness, 'mcp/open-endpoint', {
      ok: true,
      value: { servers: [endpointEntry('calc')] },
    } as never);
    expect(harness.lastRequest('session/new').params.mcpServers).toEqual([endpointEntry('calc')]);
  });

  it('MCP-01 an agent without HTTP MCP gets the stdio relay; a client without in-process servers no endpoint', () => {
    const stdio = createHarness({
      script: { initialize: { result: seedInitializeResult({ mcpCapabilities: {} }) } },
    });
    stdio.client({
      type: 'control_request',
      request_id: 'init_1',
      request: { subtype: 'initialize', sdkMcpServers: ['calc'] },
    });
    expect(hostOperations(stdio, 'mcp/open-endpoint')[0]?.operation.params).toEqual({
      names: ['calc'],
      http: false,
    });
    const plain = createHarness();
    plain.initialize();
    expect(hostOperations(plain, 'mcp/open-endpoint')).toEqual([]);
    expect(plain.lastRequest('session/new').params.mcpServers).toEqual([]);
  });

  it('MCP-01 MCP-05 a host that cannot open the endpoint: the session opens without it and init says why', () => {
    const harness = createHarness();
    harness.client({
      type: 'control_request',
      request_id: 'init_1',
      request: { subtype: 'initialize', sdkMcpServers: ['calc'] },
    });
    answerHost(harness, 'mcp/open-endpoint', {
      ok: false,
      message: 'This host does not carry out mcp/open-endpoint.',
    });
    expect(harness.lastRequest('session/new').params.mcpServers).toEqual([]);
    expect(harness.linesOf('system', 'init')[0]?.mcp_servers).toEqual([
      {
        name: 'calc',
        status: 'failed',
        source: 'sdk',
        error: 'This host does not carry out mcp/open-endpoint.',
      },
    ]);
  });

  it('MCP-02 initialize, tools/list and ping are answered from the manifest; initialized is not forwarded', () => {
    const harness = sdkSession();
    const initialize = harness.mcp('calc', {
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {} },
    });
    expect(initialize).toEqual([
      {
        jsonrpc: '2.0',
        id: 0,
        result: { ...calcManifest.initializeResult, protocolVersion: '2025-06-18' },
      },
    ]);
    expect(harness.mcp('calc', { method: 'notifications/initialized' })).toEqual([]);
    expect(harness.mcp('calc', { id: 1, method: 'tools/list', params: {} })).toEqual([
      { jsonrpc: '2.0', id: 1, result: calcManifest.toolsListResult },
    ]);
    expect(harness.mcp('calc', { id: 2, method: 'ping' })).toEqual([
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(mcpMessages(harness)).toEqual([]);
  });

  it('MCP-02 MCP-03 without a manifest the handshake is forwarded to the client', () => {
    const harness = sdkSession({ manifest: false });
    const answers = harness.mcp('calc', { id: 0, method: 'initialize', params: {} });
    expect(answers).toEqual([]);
    const [request] = mcpMessages(harness);
    expect(request?.request).toEqual({
      subtype: 'mcp_message',
      server_name: 'calc',
      message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
    });
    answerMcp(harness, request?.request_id, {
      mcp_response: { jsonrpc: '2.0', id: 1, result: calcManifest.initializeResult },
    });
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 0, result: calcManifest.initializeResult }]);
  });

  it('MCP-03 tools/call goes to the client with an id unique in the session; its answer comes back under the agent id', () => {
    const harness = sdkSession();
    const first = harness.mcp('calc', {
      id: 7,
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 2, b: 3 } },
    });
    const second = harness.mcp('calc', {
      id: 7,
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 1, b: 1 } },
    });
    const [one, two] = mcpMessages(harness);
    expect(one?.request.message).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 2, b: 3 } },
    });
    expect(two?.request.message.id).toBe(2);
    answerMcp(harness, two?.request_id, {
      mcp_response: { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '2' }] } },
    });
    answerMcp(harness, one?.request_id, {
      mcp_response: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '5' }] } },
    });
    expect(first).toEqual([
      { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: '5' }] } },
    ]);
    expect(second[0]?.result.content[0].text).toBe('2');
  });

  it('MCP-03 a JSON-RPC error of the client passes; a malformed mcp_response and a failed request are errors', () => {
    const harness = sdkSession();
    const errored = harness.mcp('calc', { id: 1, method: 'resources/list' });
    const malformed = harness.mcp('calc', { id: 2, method: 'tools/call', params: {} });
    const failed = harness.mcp('calc', { id: 3, method: 'tools/call', params: {} });
    const [one, two, three] = mcpMessages(harness);
    answerMcp(harness, one?.request_id, {
      mcp_response: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
    });
    answerMcp(harness, two?.request_id, { mcp_response: 'nothing' });
    harness.client({
      type: 'control_response',
      response: { subtype: 'error', request_id: three?.request_id, error: 'server gone' },
    });
    expect(errored[0]?.error).toEqual({ code: -32601, message: 'Method not found' });
    expect(malformed[0]?.error).toEqual({
      code: -32603,
      message:
        'The client answered the MCP request without a JSON-RPC result or error (malformed mcp_response).',
    });
    expect(failed[0]?.error).toEqual({
      code: -32603,
      message: 'The client failed the MCP request: server gone',
    });
  });

  it('MCP-03 a client that never answers: the server timeout answers the agent and withdraws the request', () => {
    const harness = sdkSession({ config: { timeout: 5000 } });
    const answers = harness.mcp('calc', { id: 1, method: 'tools/call', params: {} });
    const [request] = mcpMessages(harness);
    expect(harness.actions).toContainEqual({
      type: 'start-timer',
      timerId: `client-request:${request?.request_id}`,
      delayMs: 5000,
    });
    harness.bridge.onTimer(`client-request:${request?.request_id}`);
    expect(answers).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32001, message: 'The client did not answer within 5000 ms.' },
      },
    ]);
    expect(harness.clientLines.at(-1)).toEqual({
      type: 'control_cancel_request',
      request_id: request?.request_id,
    });
  });

  it('MCP-03 the session ends mid-call: the agent gets an error; later messages are refused', () => {
    const harness = sdkSession();
    const answers = harness.mcp('calc', { id: 1, method: 'tools/call', params: {} });
    harness.bridge.onAgentExit({ code: 1, signal: null });
    expect(answers[0]?.error).toEqual({
      code: -32000,
      message: 'The session ended before the client answered.',
    });
    expect(harness.mcp('calc', { id: 2, method: 'ping' })[0]?.error).toEqual({
      code: -32000,
      message: 'The session is over.',
    });
  });

  it('MCP-03 an unknown server is refused; notifications are forwarded, a cancellation with the client id', () => {
    const harness = sdkSession();
    expect(harness.mcp('other', { id: 1, method: 'tools/list' })[0]?.error).toEqual({
      code: -32601,
      message: "No MCP server 'other' is served in this session.",
    });
    harness.mcp('calc', { id: 'call-9', method: 'tools/call', params: {} });
    expect(
      harness.mcp('calc', {
        method: 'notifications/cancelled',
        params: { requestId: 'call-9', reason: 'user' },
      }),
    ).toEqual([]);
    expect(mcpMessages(harness).at(-1)?.request.message).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1, reason: 'user' },
    });
  });

  it('MCP-05 GA-11 system/init lists the in-process server (connected, as Claude Code says) and its tools', () => {
    const harness = sdkSession();
    const [init] = harness.linesOf('system', 'init');
    expect(init?.mcp_servers).toEqual([{ name: 'calc', status: 'connected', source: 'sdk' }]);
    expect(init?.tools).toContain('mcp__calc__add');
    harness.mcp('calc', { id: 0, method: 'initialize', params: {} });
    harness.client({
      type: 'control_request',
      request_id: 's_1',
      request: { subtype: 'mcp_status' },
    });
    expect(harness.clientLines.at(-1)?.response.response).toEqual({
      mcpServers: [
        {
          name: 'calc',
          status: 'connected',
          source: 'sdk',
          serverInfo: { name: 'calc', version: '1.0.0' },
          tools: [{ name: 'add' }],
        },
      ],
    });
  });

  it('MCP-05 a forwarded tools/list names the tools in the next system/init', () => {
    const harness = sdkSession({ manifest: false });
    expect(harness.linesOf('system', 'init')[0]?.tools).not.toContain('mcp__calc__add');
    harness.mcp('calc', { id: 1, method: 'tools/list', params: {} });
    answerMcp(harness, mcpMessages(harness)[0]?.request_id, {
      mcp_response: { jsonrpc: '2.0', id: 1, result: calcManifest.toolsListResult },
    });
    harness.user('hi');
    expect(harness.linesOf('system', 'init').at(-1)?.tools).toContain('mcp__calc__add');
  });
});
