import type { HostResult } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness, type Line } from '../__fixtures__/bridge-harness.js';
import type { CommandHooks } from '../acp-launch.js';
import {
  agentAnswer,
  answer,
  askBash,
  canUseTools,
  hookCalls,
  hookHarness,
  preToolUse,
  toolResults,
} from './__fixtures__/hook-harness.js';

const guard = 'guard.sh';
const bashGuard: CommandHooks = {
  PreToolUse: [{ matcher: 'Bash', commands: [{ command: guard, timeoutMs: 60_000 }] }],
};

function commandHarness(commandHooks: CommandHooks, launch: Line = {}) {
  const harness = createHarness({
    launch: { permissionPromptTool: 'stdio', commandHooks, ...launch },
  });
  harness.initialize();
  return harness;
}

/** The `hook/run-command` operations the bridge asked the host for. */
const runs = (harness: Harness): Line[] =>
  harness.actions.flatMap((action) =>
    action.type === 'host-operation' && action.operation.kind === 'hook/run-command'
      ? [{ id: action.operationId, ...(action.operation.params as Line) }]
      : [],
  );

const ran = (
  harness: Harness,
  index: number,
  value: { exitCode?: number | null; stdout?: string; stderr?: string; timedOut?: boolean },
) => {
  const result: HostResult = {
    ok: true,
    value: { exitCode: 0, stdout: '', stderr: '', timedOut: false, ...value },
  };
  harness.host(runs(harness)[index]?.id as string, result);
};

const warnings = (harness: Harness) =>
  harness.linesOf('system', 'informational').map((line) => line.content as string);

describe('command hooks from the settings files', () => {
  it('HK-30 HK-31 PreToolUse runs the command with the hook input; exit 2 denies with [command]: stderr', () => {
    const harness = commandHarness(bashGuard);
    harness.user('go');
    askBash(harness);
    const [run] = runs(harness);
    expect(run).toMatchObject({
      command: guard,
      cwd: '/proj',
      timeoutMs: 60_000,
      env: { CLAUDE_PROJECT_DIR: '/proj' },
    });
    expect(JSON.parse(run?.input)).toEqual({
      session_id: 'sess-1',
      transcript_path: '',
      cwd: '/proj',
      prompt_id: expect.any(String),
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
      tool_use_id: 'call_7',
    });
    expect(agentAnswer(harness, 7)).toBeUndefined();
    ran(harness, 0, { exitCode: 2, stderr: 'no rm here\n' });
    expect(agentAnswer(harness, 7)).toEqual({
      outcome: { outcome: 'selected', optionId: 'cancel' },
    });
    expect(canUseTools(harness)).toEqual([]);
    expect(toolResults(harness)).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'call_7',
        content: `PreToolUse:Bash hook error: [${guard}]: no rm here\n`,
        is_error: true,
      },
    ]);
    harness.endPrompt();
    expect(harness.linesOf('result').at(-1)?.permission_denials).toEqual([
      { tool_name: 'Bash', tool_use_id: 'call_7', tool_input: { command: 'rm -rf build' } },
    ]);
  });

  it('HK-32 exit 0 with a JSON output is a hook answer: allow skips can_use_tool, deny quotes its reason', () => {
    const harness = commandHarness(bashGuard);
    harness.user('go');
    askBash(harness, 7);
    ran(harness, 0, { stdout: JSON.stringify(preToolUse({ permissionDecision: 'allow' })) });
    expect(agentAnswer(harness, 7)).toEqual({
      outcome: { outcome: 'selected', optionId: 'proceed_once' },
    });
    askBash(harness, 8, 'ls');
    const deny = preToolUse({
      permissionDecision: 'deny',
      permissionDecisionReason: 'json says no',
    });
    ran(harness, 1, { stdout: `${JSON.stringify(deny)}\n` });
    expect(toolResults(harness).at(-1)?.content).toBe('PreToolUse:Bash hook error: json says no');
    expect(canUseTools(harness)).toEqual([]);
  });

  it('HK-31 another exit code, a timeout or a failed start is a warning and the call goes on to be asked', () => {
    const harness = commandHarness({
      PreToolUse: [
        {
          commands: [
            { command: 'a', timeoutMs: 60_000 },
            { command: 'b', timeoutMs: 2_000 },
            { command: 'c', timeoutMs: 60_000 },
          ],
        },
      ],
    });
    harness.user('go');
    askBash(harness);
    ran(harness, 0, { exitCode: 1, stderr: 'broken\n' });
    ran(harness, 1, { exitCode: null, timedOut: true });
    harness.host(runs(harness)[2]?.id as string, { ok: false, message: 'spawn /bin/sh ENOENT' });
    expect(warnings(harness)).toEqual([
      'PreToolUse:Bash hook error: [a]: broken. The action went ahead.',
      'PreToolUse:Bash hook error: [b]: no answer within 2 s. The action went ahead.',
      'PreToolUse:Bash hook error: [c]: spawn /bin/sh ENOENT. The action went ahead.',
    ]);
    expect(canUseTools(harness)).toHaveLength(1);
  });

  it('HK-33 settings hooks and the client hooks of one event both run, the command first; a deny of either wins', () => {
    const harness = hookHarness(
      { PreToolUse: [{ matcher: 'Bash', hookCallbackIds: ['sdk'] }] },
      { commandHooks: bashGuard },
    );
    harness.user('go');
    askBash(harness);
    const kinds = harness.actions.filter((action) => action.type === 'host-operation');
    expect(kinds).toHaveLength(1);
    expect(hookCalls(harness).map((call) => call.callback_id)).toEqual(['sdk']);
    answer(
      harness,
      hookCalls(harness)[0]?.id as string,
      preToolUse({ permissionDecision: 'allow' }),
    );
    expect(agentAnswer(harness, 7)).toBeUndefined();
    ran(harness, 0, { exitCode: 2, stderr: 'blocked' });
    expect(toolResults(harness).at(-1)?.content).toBe(
      `PreToolUse:Bash hook error: [${guard}]: blocked`,
    );
  });

  it('HK-31 HK-32 UserPromptSubmit: plain stdout is context for the prompt; exit 2 blocks it', () => {
    const harness = commandHarness({
      UserPromptSubmit: [{ commands: [{ command: 'ctx', timeoutMs: 60_000 }] }],
    });
    harness.user('hello');
    expect(JSON.parse(runs(harness)[0]?.input)).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      prompt: 'hello',
    });
    ran(harness, 0, { stdout: 'branch is main\n' });
    const prompt = harness.lastRequest('session/prompt').params.prompt as Line[];
    expect(prompt.map((block) => block.text)).toEqual([
      'hello',
      '<system-reminder>\nUserPromptSubmit hook additional context: branch is main\n</system-reminder>',
    ]);
    harness.endPrompt();
    harness.user('delete it all');
    ran(harness, 1, { exitCode: 2, stderr: 'nope\n' });
    expect(harness.sent('session/prompt')).toHaveLength(1);
    expect(harness.linesOf('result').at(-1)).toMatchObject({
      subtype: 'error_during_execution',
      errors: ['UserPromptSubmit operation blocked by hook:\n[ctx]: nope\n'],
    });
  });

  it('HK-31 Stop: exit 2 continues the turn with Claude Code\'s "Stop hook feedback" as the next prompt', () => {
    const harness = commandHarness({
      Stop: [{ commands: [{ command: 'stop', timeoutMs: 60_000 }] }],
    });
    harness.user('work');
    harness.endPrompt();
    expect(JSON.parse(runs(harness)[0]?.input)).toMatchObject({
      hook_event_name: 'Stop',
      stop_hook_active: false,
    });
    ran(harness, 0, { exitCode: 2, stderr: 'tests fail' });
    const prompt = harness.lastRequest('session/prompt').params.prompt as Line[];
    expect(prompt[0]?.text).toBe('Stop hook feedback:\n[stop]: tests fail');
    harness.endPrompt();
    expect(JSON.parse(runs(harness)[1]?.input)).toMatchObject({ stop_hook_active: true });
    ran(harness, 1, {});
    expect(harness.linesOf('result')).toHaveLength(1);
  });

  it('HK-31 exit 2 of a hook that guards nothing (PostToolUse) is shown as a warning', () => {
    const harness = commandHarness({
      PostToolUse: [{ commands: [{ command: 'post', timeoutMs: 60_000 }] }],
    });
    harness.user('go');
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 't1',
      title: 'ls',
      kind: 'execute',
      status: 'completed',
      rawInput: { command: 'ls' },
    });
    ran(harness, 0, { exitCode: 2, stderr: 'lint failed' });
    expect(warnings(harness)).toEqual([
      'PostToolUse:Bash hook error: [post]: lint failed. The action went ahead.',
    ]);
  });

  it('HK-33 command hooks run once the client input ended, SessionEnd within 1.5 s; a late result decides nothing', () => {
    const harness = commandHarness({
      PreToolUse: [{ commands: [{ command: 'pre', timeoutMs: 60_000 }] }],
      SessionEnd: [{ commands: [{ command: 'bye', timeoutMs: 60_000 }] }],
    });
    harness.user('go');
    harness.bridge.onClientEnd();
    askBash(harness);
    expect(runs(harness).map((run) => run.command)).toEqual(['pre']);
    harness.respond(harness.lastRequest('session/prompt').id, { stopReason: 'cancelled' });
    expect(harness.linesOf('result')).toHaveLength(1);
    expect(runs(harness).map((run) => [run.command, run.timeoutMs])).toEqual([
      ['pre', 60_000],
      ['bye', 1_500],
    ]);
    const before = harness.clientLines.length;
    ran(harness, 0, { exitCode: 2, stderr: 'late' });
    ran(harness, 1, { exitCode: 1, stderr: 'ignored' });
    expect(harness.since(before)).toEqual([]);
  });

  it('HK-01 SE-06 events the bridge never fires and the launch notices are told in-band', () => {
    const harness = commandHarness(
      { PreCompact: [{ commands: [{ command: 'x', timeoutMs: 1000 }] }] },
      { notices: ['Settings hooks of type "http" (Stop) cannot be run.'] },
    );
    harness.user('go');
    expect(warnings(harness)).toEqual([
      'Settings hooks of type "http" (Stop) cannot be run.',
      'Hooks for PreCompact are never called through an ACP agent.',
    ]);
  });
});
