import { describe, expect, it } from 'vitest';
import {
  createHarness,
  seedInitializeResult,
  seedSessionResult,
  shapeOf,
} from '../__fixtures__/bridge-harness.js';

describe('handshake', () => {
  it('seed#6 S-04 S-06 resume with loadSession uses session/load and drops the replay', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { 'session/load': 'hold' },
    });
    harness.initialize();
    const load = harness.lastRequest('session/load');
    expect(load.params).toMatchObject({ sessionId: 'old-1', cwd: '/proj' });
    harness.update(
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'old' } },
      'old-1',
    );
    harness.update(
      {
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'compact', description: 'c' }],
      },
      'old-1',
    );
    expect(harness.clientLines).toEqual([]);
    harness.respond(load.id, null);
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    expect(harness.clientLines[0]?.response.response.commands).toEqual([
      { name: 'compact', description: 'c', argumentHint: '' },
    ]);
    expect(harness.linesOf('system', 'init')[0]).toMatchObject({
      session_id: 'old-1',
      slash_commands: ['compact'],
    });
    expect(harness.actions).toContainEqual(
      expect.objectContaining({
        type: 'session-opened',
        sessionId: 'old-1',
        resumed: true,
        requestedSessionId: 'old-1',
      }),
    );
  });

  it('gap fix S-04 a loaded session keeps the model and mode lists it had during replay', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', model: 'gemini-2.5-flash' },
      script: { 'session/load': { result: seedSessionResult('old-1') } },
    });
    harness.initialize();
    expect(harness.clientLines[0]?.response.response.models).toHaveLength(2);
    expect(harness.sent('session/set_model')).toHaveLength(1);
  });

  it('S-01 an agent that can only resume gets session/resume (no replay expected)', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: {
        initialize: {
          result: seedInitializeResult({ loadSession: false, sessionCapabilities: { resume: {} } }),
        },
        'session/resume': { result: {} },
      },
    });
    harness.initialize();
    expect(harness.lastRequest('session/resume').params).toMatchObject({
      sessionId: 'old-1',
      cwd: '/proj',
    });
    expect(harness.sent('session/new')).toEqual([]);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('old-1');
  });

  it('S-01 --fork-session with an agent that can fork continues in the forked session', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', forkSession: true },
      script: {
        initialize: { result: seedInitializeResult({ sessionCapabilities: { fork: {} } }) },
        'session/fork': { result: seedSessionResult('forked-1') },
      },
    });
    harness.initialize();
    expect(harness.lastRequest('session/fork').params).toMatchObject({ sessionId: 'old-1' });
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('forked-1');
    expect(harness.actions).toContainEqual(
      expect.objectContaining({
        type: 'session-opened',
        sessionId: 'forked-1',
        resumed: true,
        requestedSessionId: 'old-1',
      }),
    );
  });

  it('S-01 --fork-session with an agent that cannot fork opens a new session, never the original, and warns', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', forkSession: true },
      script: { 'session/new': { result: seedSessionResult('new-1') } },
    });
    harness.initialize();
    expect(harness.sent('session/load')).toEqual([]);
    expect(harness.sent('session/resume')).toEqual([]);
    expect(harness.sent('session/fork')).toEqual([]);
    expect(harness.lastRequest('session/new').params).not.toHaveProperty('sessionId');
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/success',
      'system/init',
      'system/informational',
    ]);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('new-1');
    expect(harness.linesOf('system', 'informational')[0]?.content).toBe(
      "The session 'old-1' could not be forked (the agent does not offer session/fork): a new session was started instead, without its history; the original session is unchanged.",
    );
    expect(harness.log.entries.map((entry) => entry.message)).toContain(
      'cannot fork the session; opening a new one',
    );
    expect(harness.actions).toContainEqual(
      expect.objectContaining({
        type: 'session-opened',
        sessionId: 'new-1',
        resumed: false,
        requestedSessionId: 'old-1',
      }),
    );
  });

  it('S-01 a session/fork answer without a sessionId never continues the original session', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', forkSession: true },
      script: {
        initialize: { result: seedInitializeResult({ sessionCapabilities: { fork: {} } }) },
        'session/fork': { result: {} },
        'session/new': { result: seedSessionResult('new-1') },
      },
    });
    harness.initialize();
    expect(harness.sent('session/new')).toHaveLength(1);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('new-1');
    expect(harness.linesOf('system', 'informational')[0]?.content).toContain(
      'session/fork returned no sessionId',
    );
  });

  it('S-02 additional directories are sent only to an agent that takes them', () => {
    const taking = createHarness({
      launch: { additionalDirectories: ['/extra'] },
      script: {
        initialize: {
          result: seedInitializeResult({ sessionCapabilities: { additionalDirectories: {} } }),
        },
      },
    });
    taking.initialize();
    expect(taking.lastRequest('session/new').params.additionalDirectories).toEqual(['/extra']);
    const refusing = createHarness({ launch: { additionalDirectories: ['/extra'] } });
    refusing.initialize();
    expect(refusing.lastRequest('session/new').params.additionalDirectories).toBeUndefined();
  });

  it('seed#7 S-01 resume without the loadSession capability falls back to session/new', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { initialize: { result: seedInitializeResult({ loadSession: false }) } },
    });
    harness.initialize();
    expect(harness.sent('session/load')).toEqual([]);
    expect(harness.sent('session/new')).toHaveLength(1);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('sess-1');
  });

  it('seed#8 S-05 a load failure falls back to session/new and init carries the new id', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1' },
      script: { 'session/load': { error: { code: -32002, message: 'Resource not found' } } },
    });
    harness.initialize();
    expect(harness.sent('session/new')).toHaveLength(1);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('sess-1');
  });
});
