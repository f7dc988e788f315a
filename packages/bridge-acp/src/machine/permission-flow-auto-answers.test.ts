import { describe, expect, it } from 'vitest';
import { createHarness } from '../__fixtures__/bridge-harness.js';
import {
  answers,
  permissionHarness,
  requestPermission,
} from './__fixtures__/permission-harness.js';

describe('permissions', () => {
  it('allowedTools rules answer matching requests without asking the client', () => {
    const harness = permissionHarness({ launch: { allowedTools: ['Bash(rm -rf build)'] } });
    requestPermission(harness, 7);
    expect(harness.linesOf('control_request')).toEqual([]);
    expect(answers(harness).at(-1)?.result).toEqual({
      outcome: { outcome: 'selected', optionId: 'proceed_once' },
    });
  });

  it('disallowedTools rules deny without asking; the tool gets its error result and a denial entry', () => {
    const harness = permissionHarness({ launch: { disallowedTools: ['Bash'] } });
    requestPermission(harness, 7);
    expect(harness.linesOf('control_request')).toEqual([]);
    expect(answers(harness).at(-1)?.result).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
    harness.endPrompt();
    expect(harness.linesOf('result')[0]?.permission_denials).toHaveLength(1);
  });

  it('bypassPermissions allows without asking', () => {
    const harness = permissionHarness({ launch: { permissionMode: 'bypassPermissions' } });
    requestPermission(harness, 7);
    expect(harness.linesOf('control_request')).toEqual([]);
    expect(answers(harness).at(-1)?.result.outcome.outcome).toBe('selected');
  });

  it('without --permission-prompt-tool stdio an ask is denied and listed in permission_denials', () => {
    const harness = createHarness();
    harness.initialize();
    harness.user('go');
    requestPermission(harness, 7);
    expect(harness.linesOf('control_request')).toEqual([]);
    expect(answers(harness).at(-1)?.result).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
    const result = harness.linesOf('user').at(-1)?.message.content[0];
    expect(result).toMatchObject({ tool_use_id: 'call_p', is_error: true });
    harness.endPrompt();
    expect(harness.linesOf('result')[0]?.permission_denials).toEqual([
      { tool_name: 'Bash', tool_use_id: 'call_p', tool_input: { command: 'rm -rf build' } },
    ]);
  });

  it('a permission request outside a turn is answered cancelled', () => {
    const harness = createHarness({ launch: { permissionPromptTool: 'stdio' } });
    harness.initialize();
    requestPermission(harness, 3);
    expect(answers(harness).at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { outcome: { outcome: 'cancelled' } },
    });
  });
});
