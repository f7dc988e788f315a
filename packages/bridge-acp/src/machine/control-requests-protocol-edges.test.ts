import { describe, expect, it } from 'vitest';
import { readyHarness } from '../__fixtures__/ready-harness.js';
import { control } from './__fixtures__/control-request.js';

describe('control requests', () => {
  it('seed#59 C-05 P-03 unsupported subtypes get the real CLI error with error_code', () => {
    const harness = readyHarness();
    harness.client(control('mcpr_1', { subtype: 'rewind_files', user_message_id: 'u-1' }));
    expect(harness.clientLines.at(-1)?.response).toEqual({
      subtype: 'error',
      request_id: 'mcpr_1',
      error: 'Unsupported control request subtype: rewind_files',
      error_code: 'unsupported_request',
    });
  });

  it('P-04 no control response is written for a request without request_id', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.client({ type: 'control_request', request: { subtype: 'mcp_reconnect' } });
    expect(harness.since(mark)).toEqual([]);
  });

  it('mcp_status answers the MCP server statuses', () => {
    const harness = readyHarness({ launch: { mcpServers: { local: { command: 'srv' } } } });
    harness.client(control('st_1', { subtype: 'mcp_status' }));
    expect(harness.clientLines.at(-1)?.response.response).toEqual({
      mcpServers: [{ name: 'local', status: 'connected' }],
    });
  });

  it('seed#60 F-01 A-04 an fs request from the agent gets method-not-found with its id', () => {
    const harness = readyHarness();
    harness.agent({ jsonrpc: '2.0', id: 99, method: 'fs/read_text_file', params: { path: '/x' } });
    expect(harness.toAgentLines.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 99,
      error: {
        code: -32601,
        message: 'Method not supported by this client: fs/read_text_file',
        data: { method: 'fs/read_text_file' },
      },
    });
  });

  it('seed#61 F-04 P-01 non-JSON lines are logged, not forwarded, on both sides', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    const agentMark = harness.toAgentLines.length;
    harness.agent('Please visit https://example.com/login');
    harness.agent('{not json');
    harness.client('garbage');
    harness.client('[1,2]');
    expect(harness.since(mark)).toEqual([]);
    expect(harness.toAgentLines.slice(agentMark)).toEqual([]);
  });

  it('P-02 keep_alive, unknown types and the client control_cancel_request are ignored', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.client({ type: 'keep_alive' });
    harness.client({ type: 'control_cancel_request', request_id: 'x' });
    harness.client({ type: 'assistant', message: {} });
    expect(harness.since(mark)).toEqual([]);
  });

  it('F-02 an unmatched response is ignored', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.agent({ jsonrpc: '2.0', id: 4242, result: {} });
    harness.agent({ jsonrpc: '2.0', id: '2', result: {} });
    expect(harness.since(mark)).toEqual([]);
  });

  it('N-01 notifications other than session/update are ignored', () => {
    const harness = readyHarness();
    const mark = harness.clientLines.length;
    harness.agent({ jsonrpc: '2.0', method: '_x.ai/session/prompt_complete', params: {} });
    expect(harness.since(mark)).toEqual([]);
  });

  it('gap fix S-22 session/update for another session id is ignored', () => {
    const harness = readyHarness();
    harness.user('hi');
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'other' } },
      'sess-2',
    );
    harness.endPrompt();
    expect(harness.linesOf('assistant')).toEqual([]);
  });
});
