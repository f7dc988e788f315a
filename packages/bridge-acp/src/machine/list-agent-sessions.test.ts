import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult } from '../__fixtures__/bridge-harness.js';

const listing = seedInitializeResult({ loadSession: true, sessionCapabilities: { list: {} } });
const agentSessions = (harness: ReturnType<typeof createHarness>) =>
  harness.actions.filter((action) => action.type === 'agent-sessions');

describe("the agent's own sessions (session/list)", () => {
  it('SN-12 an agent that offers session/list is asked for the sessions of the cwd once the session is open, page by page, and the prompt goes out without waiting for it', () => {
    const pages: Record<string, unknown> = {
      '': { sessions: [{ sessionId: 'a-1', cwd: '/proj', title: 'One' }], nextCursor: 'c2' },
      c2: { sessions: [{ sessionId: 'a-2', cwd: '/proj' }] },
    };
    const harness = createHarness({
      launch: { listSessions: true },
      script: {
        initialize: { result: listing },
        'session/list': (params) => ({ result: pages[(params.cursor as string) ?? ''] }),
      },
    });
    harness.user('hi');
    const methods = harness.toAgentLines.map((line) => line.method).filter(Boolean);
    // The prompt is not held back by the listing: both go out, the list never blocks the turn.
    expect(methods).toContain('session/prompt');
    expect(harness.sent('session/list').map((line) => line.params)).toEqual([
      { cwd: '/proj' },
      { cwd: '/proj', cursor: 'c2' },
    ]);
    expect(agentSessions(harness)).toEqual([
      { type: 'agent-sessions', sessions: [{ sessionId: 'a-1', cwd: '/proj', title: 'One' }] },
      { type: 'agent-sessions', sessions: [{ sessionId: 'a-2', cwd: '/proj' }] },
    ]);
  });

  it('SN-12 no session/list without the launch asking (persistence off) or without the capability; a failed list is only logged', () => {
    const off = createHarness({ script: { initialize: { result: listing } } });
    off.user('hi');
    expect(off.sent('session/list')).toEqual([]);
    const unable = createHarness({ launch: { listSessions: true } });
    unable.user('hi');
    expect(unable.sent('session/list')).toEqual([]);
    const failing = createHarness({
      launch: { listSessions: true },
      script: {
        initialize: { result: listing },
        'session/list': { error: { code: -32603, message: 'boom' } },
      },
    });
    failing.user('hi');
    expect(failing.sent('session/list')).toHaveLength(1);
    expect(agentSessions(failing)).toEqual([]);
    expect(failing.sent('session/prompt')).toHaveLength(1);
  });
});
