import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../__fixtures__/bridge-harness.js';
import { answerHost, sdkSession } from './__fixtures__/mcp-harness.js';

const timers = (harness: Harness) =>
  harness.actions.filter((action) => 'timerId' in action && action.timerId === 'mcp-listing');

describe('a prompt waits until the agent listed the in-process servers’ tools', () => {
  it('MCP-09 the first prompt goes once the agent listed them; the wait is cancelled', () => {
    const harness = sdkSession({ listed: false });
    harness.user('add');
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(timers(harness)).toEqual([
      { type: 'start-timer', timerId: 'mcp-listing', delayMs: 5000 },
    ]);
    harness.mcp('calc', { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    expect(harness.sent('session/prompt')).toEqual([]);
    harness.mcp('calc', { id: 2, method: 'tools/list' });
    expect(harness.sent('session/prompt')).toHaveLength(1);
    expect(timers(harness).at(-1)).toEqual({ type: 'cancel-timer', timerId: 'mcp-listing' });
  });

  it('MCP-09 an agent that never lists them delays only the first prompt, by the bound', () => {
    const harness = sdkSession({ listed: false });
    harness.user('add');
    harness.bridge.onTimer('mcp-listing');
    expect(harness.sent('session/prompt')).toHaveLength(1);
    harness.endPrompt();
    harness.user('again');
    expect(harness.sent('session/prompt')).toHaveLength(2);
    expect(timers(harness)).toHaveLength(1);
  });

  it('MCP-09 servers the host could not serve are not waited for', () => {
    const harness = createHarness();
    harness.client({
      type: 'control_request',
      request_id: 'init_1',
      request: { subtype: 'initialize', sdkMcpServers: ['calc'] },
    });
    answerHost(harness, 'mcp/open-endpoint', { ok: false, message: 'no endpoint here' });
    harness.user('add');
    expect(harness.sent('session/prompt')).toHaveLength(1);
    expect(timers(harness)).toEqual([]);
  });
});
