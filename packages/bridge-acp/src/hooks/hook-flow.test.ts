import { describe, expect, it } from 'vitest';
import { createHarness, type Harness, type Line, shapeOf } from '../__fixtures__/bridge-harness.js';

const allOptions = [
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];

/** A ready bridge whose client registered `hooks` in its `initialize`. */
function hookHarness(hooks: Line, launch: Line = {}) {
  const harness = createHarness({ launch: { permissionPromptTool: 'stdio', ...launch } });
  harness.client({
    type: 'control_request',
    request_id: 'init',
    request: { subtype: 'initialize', hooks },
  });
  return harness;
}

const hookCalls = (harness: Harness) =>
  harness
    .linesOf('control_request')
    .filter((line) => line.request.subtype === 'hook_callback')
    .map((line) => ({ id: line.request_id as string, ...line.request }));

const lastHook = (harness: Harness) => hookCalls(harness).at(-1) as Line;

function answer(harness: Harness, requestId: string, response: Line) {
  harness.client({
    type: 'control_response',
    response: { subtype: 'success', request_id: requestId, response },
  });
}

function askBash(harness: Harness, id = 7, command = 'rm -rf build') {
  harness.agent({
    jsonrpc: '2.0',
    id,
    method: 'session/request_permission',
    params: {
      sessionId: 'sess-1',
      toolCall: {
        toolCallId: `call_${id}`,
        title: command,
        kind: 'execute',
        rawInput: { command },
      },
      options: allOptions,
    },
  });
}

const agentAnswer = (harness: Harness, id: number) =>
  harness.toAgentLines.find((line) => line.id === id && line.method === undefined)?.result;
const canUseTools = (harness: Harness) =>
  harness.linesOf('control_request').filter((line) => line.request.subtype === 'can_use_tool');
const toolResults = (harness: Harness) =>
  harness
    .linesOf('user')
    .flatMap((line) => line.message.content)
    .filter((block: Line) => block.type === 'tool_result');
const preToolUse = (reply: Line) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', ...reply },
});

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
