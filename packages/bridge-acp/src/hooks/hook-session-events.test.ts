import { describe, expect, it } from 'vitest';
import { type Line, shapeOf } from '../__fixtures__/bridge-harness.js';
import { answer, askBash, hookCalls, hookHarness, lastHook } from './__fixtures__/hook-harness.js';

describe('prompt, stop and session hooks', () => {
  it('HK-10 HK-11 SessionStart then UserPromptSubmit before the first prompt; their context travels with it', () => {
    const harness = hookHarness({
      SessionStart: [{ matcher: 'startup', hookCallbackIds: ['start'] }],
      UserPromptSubmit: [{ hookCallbackIds: ['submit'] }],
    });
    harness.user('hello');
    expect(hookCalls(harness).map((call) => call.input)).toEqual([
      expect.objectContaining({
        hook_event_name: 'SessionStart',
        source: 'startup',
        model: 'gemini-2.5-pro',
      }),
    ]);
    answer(harness, lastHook(harness).id, {
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'repo is tidy' },
    });
    expect(lastHook(harness).input).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      prompt: 'hello',
    });
    expect(harness.sent('session/prompt')).toEqual([]);
    answer(harness, lastHook(harness).id, {
      hookSpecificOutput: {
        hookEventName: 'UserPromptSubmit',
        additionalContext: 'today is Monday',
      },
    });
    const prompt = harness.lastRequest('session/prompt').params.prompt as Line[];
    expect(prompt.map((block) => block.text)).toEqual([
      'hello',
      '<system-reminder>\nSessionStart hook additional context: repo is tidy\n</system-reminder>',
      '<system-reminder>\nUserPromptSubmit hook additional context: today is Monday\n</system-reminder>',
    ]);
    harness.endPrompt();
    harness.user('again');
    expect(hookCalls(harness).map((call) => call.callback_id)).toEqual([
      'start',
      'submit',
      'submit',
    ]);
    // HK-03: one prompt_id for the hooks of one user prompt, a new one for the next.
    const promptIds = hookCalls(harness).map((call) => call.input.prompt_id);
    expect(promptIds[0]).toEqual(expect.any(String));
    expect(promptIds[1]).toBe(promptIds[0]);
    expect(promptIds[2]).not.toBe(promptIds[0]);
  });

  it('HK-11 a UserPromptSubmit block ends the turn with the reason; nothing reaches the agent', () => {
    const harness = hookHarness({ UserPromptSubmit: [{ hookCallbackIds: ['submit'] }] });
    harness.user('delete everything');
    answer(harness, lastHook(harness).id, { decision: 'block', reason: 'not today' });
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(harness.linesOf('result').at(-1)).toMatchObject({
      subtype: 'error_during_execution',
      errors: ['UserPromptSubmit operation blocked by hook:\nnot today'],
      terminal_reason: 'hook_stopped',
    });
  });

  it('HK-12 Stop fires once the agent finished; block continues the turn with the reason, stop_hook_active next time', () => {
    const harness = hookHarness({ Stop: [{ hookCallbackIds: ['stop'] }] });
    harness.user('go');
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'First.' },
    });
    harness.endPrompt();
    expect(lastHook(harness).input).toMatchObject({
      hook_event_name: 'Stop',
      stop_hook_active: false,
      last_assistant_message: 'First.',
      background_tasks: [],
      session_crons: [],
    });
    expect(harness.linesOf('result')).toEqual([]);
    answer(harness, lastHook(harness).id, { decision: 'block', reason: 'Also run the tests.' });
    expect((harness.lastRequest('session/prompt').params.prompt as Line[])[0]?.text).toBe(
      'Also run the tests.',
    );
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Tests pass.' },
    });
    harness.endPrompt();
    expect(lastHook(harness).input).toMatchObject({ stop_hook_active: true });
    answer(harness, lastHook(harness).id, {});
    expect(harness.linesOf('result')).toEqual([
      expect.objectContaining({ subtype: 'success', result: 'Tests pass.', num_turns: 2 }),
    ]);
    expect(hookCalls(harness)).toHaveLength(2);
  });

  it('HK-12 Stop does not fire for a turn that ended by an interrupt or an error', () => {
    const harness = hookHarness({ Stop: [{ hookCallbackIds: ['stop'] }] });
    harness.user('go');
    harness.respondError(harness.lastRequest('session/prompt').id, {
      code: -32603,
      message: 'boom',
    });
    harness.user('again');
    harness.client({
      type: 'control_request',
      request_id: 'int',
      request: { subtype: 'interrupt' },
    });
    harness.endPrompt('cancelled');
    expect(hookCalls(harness)).toEqual([]);
    expect(harness.linesOf('result')).toHaveLength(2);
  });

  it('HK-14 SessionEnd goes out when the input ended and the last turn finished, before the agent is stopped', () => {
    const harness = hookHarness({ SessionEnd: [{ hookCallbackIds: ['end'] }] });
    harness.user('go');
    harness.endPrompt();
    harness.bridge.onClientEnd();
    expect(lastHook(harness).input).toMatchObject({
      hook_event_name: 'SessionEnd',
      reason: 'other',
    });
    expect(harness.actions.at(-1)).toMatchObject({ type: 'stop-agent' });
  });

  it('HK-15 Notification when a permission prompt waits; PermissionDenied for each denial', () => {
    const harness = hookHarness(
      {
        Notification: [{ matcher: 'permission_prompt', hookCallbackIds: ['note'] }],
        PermissionDenied: [{ matcher: 'Bash', hookCallbackIds: ['denied'] }],
      },
      { disallowedTools: ['Bash(rm:*)'] },
    );
    harness.user('go');
    askBash(harness, 7, 'ls');
    expect(lastHook(harness).input).toMatchObject({
      hook_event_name: 'Notification',
      notification_type: 'permission_prompt',
      message: 'Claude needs your permission to use Bash',
    });
    askBash(harness, 8, 'rm -rf /');
    expect(lastHook(harness).input).toMatchObject({
      hook_event_name: 'PermissionDenied',
      tool_name: 'Bash',
      tool_use_id: 'call_8',
      reason: "Permission to use Bash has been denied by the session's permission settings.",
    });
  });

  it('HK-01 hooks of events the bridge never fires are named in-band at session start', () => {
    const harness = hookHarness({ PreCompact: [{ hookCallbackIds: ['h'] }] });
    harness.user('go');
    expect(harness.linesOf('system').map(shapeOf)).toContain('system/informational');
    expect(harness.linesOf('system', 'informational').at(-1)?.content).toBe(
      'Hooks for PreCompact are never called through an ACP agent.',
    );
  });
});
