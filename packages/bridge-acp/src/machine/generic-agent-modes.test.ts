import { describe, expect, it } from 'vitest';
import { readyHarness } from '../__fixtures__/ready-harness.js';
import { control } from './__fixtures__/control-request.js';

const uri = (name: string) => `https://agent.example/acp/session-modes#${name}`;

/** A `session/new` answer with these modes (the first current) and config options. */
const sessionWith = (modeIds: readonly string[], configOptions: readonly unknown[] = []) => ({
  'session/new': {
    result: {
      sessionId: 'sess-1',
      modes: {
        currentModeId: modeIds[0],
        availableModes: modeIds.map((id) => ({ id, name: id })),
      },
      configOptions,
    },
  },
});

const initOf = (harness: ReturnType<typeof readyHarness>) => {
  harness.user('hi');
  return harness.linesOf('system', 'init').at(-1);
};
const warnings = (harness: ReturnType<typeof readyHarness>) =>
  harness.linesOf('system', 'informational').map((line) => line.content);

describe('modes that are not Claude’s', () => {
  const uriModes = [uri('agent'), uri('plan'), uri('autopilot')];

  it('GA-03 URI mode ids map by their fragment: --permission-mode plan switches to …#plan', () => {
    const harness = readyHarness({
      launch: { permissionMode: 'plan' },
      script: sessionWith(uriModes),
    });
    expect(harness.lastRequest('session/set_mode').params).toEqual({
      sessionId: 'sess-1',
      modeId: uri('plan'),
    });
    expect(initOf(harness)?.permissionMode).toBe('plan');
    expect(warnings(harness)).toEqual([]);
  });

  it('GA-03 set_permission_mode bypassPermissions reaches …#autopilot; the agent’s …#agent is default', () => {
    const harness = readyHarness({ script: sessionWith(uriModes) });
    harness.client(control('pm_1', { subtype: 'set_permission_mode', mode: 'bypassPermissions' }));
    expect(harness.lastRequest('session/set_mode').params.modeId).toBe(uri('autopilot'));
    expect(harness.linesOf('control_response').at(-1)?.response).toMatchObject({
      subtype: 'success',
      response: { mode: 'bypassPermissions' },
    });
    harness.update({ sessionUpdate: 'current_mode_update', currentModeId: uri('agent') });
    expect(harness.linesOf('system', 'status').map((line) => line.permissionMode)).toEqual([
      'bypassPermissions',
      'default',
    ]);
  });

  it('GA-04 modes that are thinking levels never appear as permissionMode', () => {
    const harness = readyHarness({
      launch: { permissionMode: 'default' },
      script: sessionWith(['low', 'medium', 'high']),
    });
    expect(harness.sent('session/set_mode')).toEqual([]);
    expect(initOf(harness)?.permissionMode).toBe('default');
    expect(warnings(harness)).toEqual([]);
    harness.update({ sessionUpdate: 'current_mode_update', currentModeId: 'high' });
    expect(harness.linesOf('system', 'status')).toEqual([]);
    harness.endPrompt();
    expect(initOf(harness)?.permissionMode).toBe('default');
  });

  it('GA-04 a requested mode the agent lacks leaves default, not the agent’s own mode id', () => {
    const harness = readyHarness({
      launch: { permissionMode: 'plan' },
      script: sessionWith(['low', 'high']),
    });
    expect(initOf(harness)?.permissionMode).toBe('default');
    expect(warnings(harness)).toEqual([
      expect.stringContaining("The requested permission mode 'plan' could not be applied"),
    ]);
  });

  it('GA-05 a repeated, unchanged current_mode_update produces no system/status', () => {
    const harness = readyHarness({ script: sessionWith(['normal', 'yolo']) });
    harness.user('one');
    for (let turn = 0; turn < 3; turn += 1)
      harness.update({ sessionUpdate: 'current_mode_update', currentModeId: 'normal' });
    harness.endPrompt();
    expect(harness.linesOf('system', 'status')).toEqual([]);
    expect(harness.linesOf('system', 'init').at(-1)?.permissionMode).toBe('default');
  });

  it('GA-06 bypassPermissions through a permissions-category config option (allow_all)', () => {
    const permissions = {
      id: 'tool_permissions',
      name: 'Permissions',
      category: '_permissions',
      type: 'select',
      currentValue: 'ask',
      options: [
        { value: 'ask', name: 'Ask' },
        { value: 'allow_all', name: 'Allow all' },
      ],
    };
    const harness = readyHarness({
      launch: { permissionMode: 'bypassPermissions' },
      script: sessionWith(['low', 'high'], [permissions]),
    });
    expect(harness.lastRequest('session/set_config_option').params).toEqual({
      sessionId: 'sess-1',
      configId: 'tool_permissions',
      value: 'allow_all',
    });
    expect(initOf(harness)?.permissionMode).toBe('bypassPermissions');
    expect(warnings(harness)).toEqual([]);
  });
});
