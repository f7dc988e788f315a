import { describe, expect, it } from 'vitest';
import {
  agentAnswer,
  answer,
  askBash,
  canUseTools,
  hookHarness,
  lastHook,
  preToolUse,
} from '../hooks/__fixtures__/hook-harness.js';
import { cwd } from '../permissions/__fixtures__/match-permission-rule.js';
import { decidePermission } from '../permissions/permission-rules.js';
import { permissionHarness } from './__fixtures__/permission-harness.js';

describe('ask rules (settings permissions.ask)', () => {
  it('SE-04 an ask rule asks whatever the mode or an allow rule say; a deny rule still wins', () => {
    const bash = (command: string, rules: Partial<Parameters<typeof decidePermission>[0]>) =>
      decidePermission({
        toolName: 'Bash',
        input: { command },
        cwd,
        askTools: ['Bash(git push:*)'],
        ...rules,
      });
    expect(bash('git push origin', { permissionMode: 'bypassPermissions' })).toBe('ask');
    expect(bash('git push origin', { allowedTools: ['Bash'] })).toBe('ask');
    expect(bash('ls && git push', { allowedTools: ['Bash'] })).toBe('ask');
    expect(bash('git push', { disallowedTools: ['Bash(git:*)'] })).toBe('deny');
    expect(bash('git status', { allowedTools: ['Bash'] })).toBe('allow');
  });

  it('SE-04 under bypassPermissions a call an ask rule matches goes to can_use_tool', () => {
    const harness = permissionHarness({
      launch: { permissionMode: 'bypassPermissions', askTools: ['Bash(rm:*)'] },
    });
    askBash(harness, 7, 'rm -rf build');
    expect(canUseTools(harness)).toHaveLength(1);
    askBash(harness, 8, 'ls');
    expect(agentAnswer(harness, 8)).toEqual({
      outcome: { outcome: 'selected', optionId: 'proceed_once' },
    });
  });

  it('SE-04 a PreToolUse hook allow does not skip an ask rule', () => {
    const harness = hookHarness(
      { PreToolUse: [{ hookCallbackIds: ['h'] }] },
      { askTools: ['Bash'] },
    );
    harness.user('go');
    askBash(harness);
    answer(harness, lastHook(harness).id, preToolUse({ permissionDecision: 'allow' }));
    expect(canUseTools(harness)).toHaveLength(1);
  });
});
