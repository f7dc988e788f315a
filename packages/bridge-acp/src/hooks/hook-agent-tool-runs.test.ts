import { describe, expect, it } from 'vitest';
import {
  agentAnswer,
  answer,
  askBash,
  hookCalls,
  hookHarness,
  lastHook,
  preToolUse,
} from './__fixtures__/hook-harness.js';

describe('hooks around tools the agent runs without asking', () => {
  it('HK-08 PreToolUse fires when the call appears; a deny cancels the turn, which is listed and ends with the reason', () => {
    const harness = hookHarness({ PreToolUse: [{ hookCallbackIds: ['hook_0'] }] });
    harness.user('go');
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'touch x',
      kind: 'execute',
      status: 'in_progress',
      rawInput: { command: 'touch x' },
    });
    expect(lastHook(harness).input).toMatchObject({ tool_name: 'Bash', tool_use_id: 'call_1' });
    answer(
      harness,
      lastHook(harness).id,
      preToolUse({ permissionDecision: 'deny', permissionDecisionReason: 'read only' }),
    );
    expect(harness.sent('session/cancel')).toHaveLength(1);
    harness.endPrompt('cancelled');
    expect(harness.linesOf('result').at(-1)).toMatchObject({
      subtype: 'error_during_execution',
      is_error: true,
      errors: ['PreToolUse:Bash hook error: read only'],
      terminal_reason: 'hook_stopped',
      permission_denials: [{ tool_name: 'Bash', tool_use_id: 'call_1' }],
    });
    expect(
      harness
        .linesOf('assistant')
        .some((line) => JSON.stringify(line).includes('Request interrupted')),
    ).toBe(false);
  });

  it('HK-06 HK-08 a call seen running and then asked for runs its PreToolUse hooks once', () => {
    const harness = hookHarness({ PreToolUse: [{ hookCallbackIds: ['hook_0'] }] });
    harness.user('go');
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_7',
      title: 'rm -rf build',
      kind: 'execute',
      status: 'in_progress',
      rawInput: { command: 'rm -rf build' },
    });
    askBash(harness, 7);
    expect(hookCalls(harness)).toHaveLength(1);
    answer(harness, lastHook(harness).id, preToolUse({ permissionDecision: 'allow' }));
    expect(agentAnswer(harness, 7)).toEqual({
      outcome: { outcome: 'selected', optionId: 'proceed_once' },
    });
  });

  it('HK-13 PostToolUse with the output when a call completes, PostToolUseFailure with the error when it fails', () => {
    const harness = hookHarness({
      PostToolUse: [{ matcher: 'Bash', hookCallbackIds: ['post'] }],
      PostToolUseFailure: [{ hookCallbackIds: ['failed'] }],
    });
    harness.user('go');
    for (const [id, status] of [
      ['call_1', 'completed'],
      ['call_2', 'failed'],
    ] as const) {
      harness.update({
        sessionUpdate: 'tool_call',
        toolCallId: id,
        title: 'ls',
        kind: 'execute',
        rawInput: { command: 'ls' },
      });
      harness.update({
        sessionUpdate: 'tool_call_update',
        toolCallId: id,
        status,
        content: [{ type: 'content', content: { type: 'text', text: `${status} output` } }],
      });
    }
    expect(hookCalls(harness).map((call) => [call.callback_id, call.input])).toEqual([
      [
        'post',
        expect.objectContaining({
          hook_event_name: 'PostToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'ls' },
          tool_response: 'completed output',
          tool_use_id: 'call_1',
        }),
      ],
      [
        'failed',
        expect.objectContaining({
          hook_event_name: 'PostToolUseFailure',
          error: 'failed output',
          tool_use_id: 'call_2',
        }),
      ],
    ]);
  });

  it('HK-09 a hook answering continue:false stops the turn (hook_stopped)', () => {
    const harness = hookHarness({ PostToolUse: [{ hookCallbackIds: ['post'] }] });
    harness.user('go');
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Done.' },
    });
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'c',
      title: 'ls',
      kind: 'execute',
      status: 'completed',
    });
    answer(harness, lastHook(harness).id, { continue: false, stopReason: 'enough' });
    expect(harness.sent('session/cancel')).toHaveLength(1);
    harness.endPrompt('cancelled');
    expect(harness.linesOf('result').at(-1)).toMatchObject({
      subtype: 'success',
      is_error: false,
      result: 'Done.',
      terminal_reason: 'hook_stopped',
    });
  });
});
