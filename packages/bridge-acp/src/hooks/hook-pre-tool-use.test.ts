import { describe, expect, it } from 'vitest';
import {
  agentAnswer,
  answer,
  askBash,
  canUseTools,
  hookCalls,
  hookHarness,
  lastHook,
  preToolUse,
  toolResults,
} from './__fixtures__/hook-harness.js';

describe('PreToolUse at a permission request', () => {
  it('HK-06 HK-03 a deny refuses the call without can_use_tool: Claude error text, listed, the turn goes on', () => {
    const harness = hookHarness({ PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] });
    harness.user('go');
    askBash(harness);
    const call = lastHook(harness);
    expect(call).toMatchObject({
      callback_id: 'hook_0',
      tool_use_id: 'call_7',
      input: {
        hook_event_name: 'PreToolUse',
        session_id: 'sess-1',
        transcript_path: '',
        cwd: '/proj',
        permission_mode: 'default',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf build' },
        tool_use_id: 'call_7',
      },
    });
    expect(agentAnswer(harness, 7)).toBeUndefined();
    answer(
      harness,
      call.id,
      preToolUse({ permissionDecision: 'deny', permissionDecisionReason: 'no rm' }),
    );
    expect(agentAnswer(harness, 7)).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
    expect(canUseTools(harness)).toEqual([]);
    expect(toolResults(harness)).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'call_7',
        content: 'PreToolUse:Bash hook error: no rm',
        is_error: true,
      },
    ]);
    harness.endPrompt();
    expect(harness.linesOf('result').at(-1)).toMatchObject({
      subtype: 'success',
      permission_denials: [
        { tool_name: 'Bash', tool_use_id: 'call_7', tool_input: { command: 'rm -rf build' } },
      ],
    });
  });

  it('HK-06 an allow answers the agent without asking the client; ask asks even what a rule allows', () => {
    const harness = hookHarness(
      { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['hook_0'] }] },
      { allowedTools: ['Bash'] },
    );
    harness.user('go');
    askBash(harness, 7);
    answer(harness, lastHook(harness).id, preToolUse({ permissionDecision: 'allow' }));
    expect(agentAnswer(harness, 7)).toEqual({
      outcome: { outcome: 'selected', optionId: 'proceed_once' },
    });
    askBash(harness, 8, 'ls');
    answer(harness, lastHook(harness).id, preToolUse({ permissionDecision: 'ask' }));
    expect(canUseTools(harness)).toHaveLength(1);
    expect(agentAnswer(harness, 8)).toBeUndefined();
  });

  it('HK-02 HK-06 a matcher that does not match sends nothing; no decision leads to can_use_tool', () => {
    const harness = hookHarness({
      PreToolUse: [
        { matcher: 'Edit|Write', hookCallbackIds: ['hook_0'] },
        { matcher: 'Ba.*', hookCallbackIds: ['hook_1'] },
      ],
    });
    harness.user('go');
    askBash(harness);
    expect(hookCalls(harness).map((call) => call.callback_id)).toEqual(['hook_1']);
    answer(harness, lastHook(harness).id, {});
    expect(canUseTools(harness)).toHaveLength(1);
  });

  it('HK-07 a changed input cannot reach an agent that runs its own tool: the call is refused with the reason', () => {
    const harness = hookHarness({ PreToolUse: [{ hookCallbackIds: ['hook_0'] }] });
    harness.user('go');
    askBash(harness);
    answer(
      harness,
      lastHook(harness).id,
      preToolUse({ updatedInput: { command: 'rm -rf build --dry-run' } }),
    );
    expect(agentAnswer(harness, 7)).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
    expect(toolResults(harness)[0]?.content).toContain('cannot carry a changed input');
  });

  it('HK-04 a hook that times out: with onFailure block the call is denied, else a warning and the client is asked', () => {
    const blocking = hookHarness({
      PreToolUse: [{ hookCallbackIds: ['hook_0'], timeout: 2, onFailure: 'block' }],
    });
    blocking.user('go');
    askBash(blocking);
    const timer = blocking.actions.find(
      (action) => action.type === 'start-timer' && action.delayMs === 2000,
    );
    expect(timer).toBeDefined();
    blocking.bridge.onTimer((timer as { timerId: string }).timerId);
    expect(blocking.linesOf('control_cancel_request')).toEqual([
      { type: 'control_cancel_request', request_id: lastHook(blocking).id },
    ]);
    expect(agentAnswer(blocking, 7)).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
    expect(toolResults(blocking)[0]?.content).toBe(
      'PreToolUse:Bash hook error: no answer within 2 s',
    );

    const lenient = hookHarness({ PreToolUse: [{ hookCallbackIds: ['hook_0'] }] });
    lenient.user('go');
    askBash(lenient);
    const start = lenient.actions.find(
      (action) => action.type === 'start-timer' && action.delayMs === 60_000,
    );
    lenient.bridge.onTimer((start as { timerId: string }).timerId);
    expect(lenient.linesOf('system', 'informational').at(-1)?.content).toBe(
      'PreToolUse:Bash hook error: no answer within 60 s. The action went ahead.',
    );
    expect(canUseTools(lenient)).toHaveLength(1);
  });

  it('HK-05 an error answer or a malformed output is a failure, as a timeout is', () => {
    const harness = hookHarness({
      PreToolUse: [{ hookCallbackIds: ['hook_0'], onFailure: 'block' }],
    });
    harness.user('go');
    askBash(harness, 7);
    harness.client({
      type: 'control_response',
      response: { subtype: 'error', request_id: lastHook(harness).id, error: 'hook threw' },
    });
    expect(toolResults(harness)[0]?.content).toBe('PreToolUse:Bash hook error: hook threw');
    askBash(harness, 8, 'ls');
    answer(harness, lastHook(harness).id, { decision: 'perhaps' });
    expect(agentAnswer(harness, 8)).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
    expect(toolResults(harness)[1]?.content).toBe(
      'PreToolUse:Bash hook error: invalid hook output: "decision"',
    );
  });
});
