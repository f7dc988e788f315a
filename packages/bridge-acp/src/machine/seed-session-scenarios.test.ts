import { createMemoryLogger } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../__fixtures__/bridge-harness.js';
import { turnHarness } from '../__fixtures__/turn-harness.js';
import { createAcpBridge } from '../create-acp-bridge.js';

/**
 * The seed's pure-helper scenarios (§3.1), driven through the whole bridge where the helper has a
 * wire effect: each test feeds client and agent lines and asserts what the bridge writes.
 */

describe('seed pure-helper scenarios through the bridge', () => {
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

  it('F-05 GA-14 the bridge sets no RPC timeouts: a held prompt arms only the stall watchdog', () => {
    const harness = turnHarness();
    expect(harness.actions.filter((action) => action.type === 'start-timer')).toEqual([
      { type: 'start-timer', timerId: 'handshake', delayMs: 120000 },
      { type: 'start-timer', timerId: 'stall-watchdog', delayMs: 600000 },
    ]);
  });
});
