import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult } from '../__fixtures__/bridge-harness.js';

/** Malformed `initialize` answers and what the bridge reads from each (A-10: lenient, typed). */
const table: readonly { readonly name: string; readonly result: unknown; readonly read: object }[] =
  [
    { name: 'not an object', result: 'x', read: { protocolVersion: 1 } },
    { name: 'null', result: null, read: { protocolVersion: 1 } },
    {
      name: 'agentCapabilities: 5, authMethods: "x"',
      result: { protocolVersion: 1, agentCapabilities: 5, authMethods: 'x' },
      read: { protocolVersion: 1, agentCapabilities: undefined, authMethods: undefined },
    },
    {
      name: 'capabilities of the wrong type, non-object auth entries',
      result: {
        agentCapabilities: {
          loadSession: 'yes',
          promptCapabilities: { image: 1 },
          sessionCapabilities: { resume: true, fork: null, list: false },
        },
        authMethods: [7, null, { id: 'login', name: 'Log in' }],
        agentInfo: { name: 5, version: 'v1', title: null },
        _meta: { vendor: 1 },
      },
      read: {
        protocolVersion: 1,
        agentCapabilities: {
          loadSession: undefined,
          promptCapabilities: { image: undefined },
          sessionCapabilities: { resume: {}, fork: undefined, list: undefined },
        },
        authMethods: [{ id: 'login', name: 'Log in' }],
        agentInfo: { name: '', version: 'v1', title: undefined },
        _meta: { vendor: 1 },
      },
    },
  ];

describe('handshake: a malformed initialize answer', () => {
  it.each(table)(
    'A-10 H-04 H-06 $name is read leniently and the session opens',
    ({ result, read }) => {
      const harness = createHarness({ script: { initialize: { result } } });
      harness.initialize();
      const initialized = harness.actions.find((action) => action.type === 'agent-initialized');
      expect(initialized).toEqual({ type: 'agent-initialized', response: read });
      expect(harness.linesOf('system', 'init')).toHaveLength(1);
    },
  );

  it('A-10 H-03 H-05 a well-formed answer is emitted whole, unknown keys kept', () => {
    const result = { ...seedInitializeResult(), _meta: { vendor: { x: 1 } }, extra: [1] };
    const harness = createHarness({ script: { initialize: { result } } });
    harness.initialize();
    const initialized = harness.actions.find((action) => action.type === 'agent-initialized');
    expect(initialized).toEqual({ type: 'agent-initialized', response: result });
    expect(harness.linesOf('system', 'init')[0]?.claude_code_version).toBe('gemini-cli 0.9.0');
  });
});
