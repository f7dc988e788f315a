import { describe, expect, it } from 'vitest';
import {
  answers,
  permissionHarness,
  requestPermission,
} from './__fixtures__/permission-harness.js';

const line = "printf 'hello' > hello.txt && cat hello.txt";

/** The `tool_use` blocks the client saw. */
const toolUses = (harness: ReturnType<typeof permissionHarness>) =>
  harness
    .linesOf('assistant')
    .flatMap((entry) => entry.message.content)
    .filter((block: { type: string }) => block.type === 'tool_use');

describe('tool names and inputs from titles', () => {
  it('GA-07 a call titled `Shell: <command>` reaches canUseTool and tool_use as Bash {command}', () => {
    const harness = permissionHarness();
    requestPermission(harness, 4, {
      toolCallId: 'call_shell',
      status: 'pending',
      title: `Shell: ${line}`,
      kind: 'other',
    });
    expect(toolUses(harness)).toEqual([
      { type: 'tool_use', id: 'call_shell', name: 'Bash', input: { command: line } },
    ]);
    expect(harness.linesOf('control_request').at(-1)?.request).toMatchObject({
      subtype: 'can_use_tool',
      tool_name: 'Bash',
      input: { command: line },
    });
  });

  it('GA-08 an execute call whose command is only in its title reaches the client as Bash {command}', () => {
    const harness = permissionHarness();
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_ls',
      title: 'ls -la src',
      kind: 'execute',
      status: 'in_progress',
    });
    expect(toolUses(harness)).toEqual([
      { type: 'tool_use', id: 'call_ls', name: 'Bash', input: { command: 'ls -la src' } },
    ]);
  });

  it('GA-08 a generic title (`Terminal`) is no command: the input waits for rawInput', () => {
    const harness = permissionHarness();
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_t',
      title: 'Terminal',
      kind: 'execute',
      status: 'pending',
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_t',
      status: 'in_progress',
      rawInput: { command: 'echo hi' },
    });
    expect(toolUses(harness)).toEqual([
      { type: 'tool_use', id: 'call_t', name: 'Bash', input: { command: 'echo hi' } },
    ]);
  });
});

/** The `tool_result` blocks the client saw. */
const toolResults = (harness: ReturnType<typeof permissionHarness>) =>
  harness
    .linesOf('user')
    .flatMap((entry) => entry.message.content)
    .filter((block: { type: string }) => block.type === 'tool_result');

describe('output reported beside the terminal', () => {
  const started = (harness: ReturnType<typeof permissionHarness>, id: string) =>
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: id,
      title: 'cat hello.txt',
      kind: 'execute',
      status: 'in_progress',
      rawInput: { command: 'cat hello.txt' },
      content: [{ type: 'terminal', terminalId: `term_${id}` }],
      _meta: { terminal_info: { terminal_id: `term_${id}`, cwd: '/proj' } },
    });

  it('GA-09 _meta.terminal_output and terminal_exit become the tool_result text', () => {
    const harness = permissionHarness();
    started(harness, 'call_1');
    for (const data of ['hel', 'lo\n'])
      harness.update({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_1',
        _meta: { terminal_output: { terminal_id: 'term_call_1', data } },
      });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_1',
      status: 'completed',
      _meta: { terminal_exit: { terminal_id: 'term_call_1', exit_code: 0, signal: null } },
    });
    expect(toolResults(harness)).toEqual([
      expect.objectContaining({ tool_use_id: 'call_1', content: 'hello', is_error: false }),
    ]);
  });

  it('GA-09 a failed call keeps its "Blocked by user" text; a silent non-zero exit says its code', () => {
    const harness = permissionHarness();
    started(harness, 'call_2');
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_2',
      status: 'failed',
      _meta: { terminal_output: { terminal_id: 'term_call_2', data: 'Blocked by user' } },
    });
    started(harness, 'call_3');
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_3',
      status: 'failed',
      _meta: { terminal_exit: { terminal_id: 'term_call_3', exit_code: 2, signal: null } },
    });
    expect(toolResults(harness)).toEqual([
      expect.objectContaining({
        tool_use_id: 'call_2',
        content: 'Blocked by user',
        is_error: true,
      }),
      expect.objectContaining({ tool_use_id: 'call_3', content: 'Exit code 2', is_error: true }),
    ]);
  });
});

describe('a permission request for a call never announced', () => {
  it('GA-10 is linked to the running call: one tool_use, its tool_result in order, no unasked warning', () => {
    const harness = permissionHarness({ launch: { permissionMode: 'default' } });
    const mark = harness.clientLines.length;
    harness.update({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_run',
      title: line,
      kind: 'execute',
      status: 'in_progress',
      rawInput: { command: line },
    });
    requestPermission(harness, 9, {
      toolCallId: 'confirm_1',
      title: 'Allow this command?',
      kind: 'execute',
      rawInput: { command: line },
    });
    const ask = harness.linesOf('control_request').at(-1);
    expect(ask?.request).toMatchObject({
      subtype: 'can_use_tool',
      tool_name: 'Bash',
      tool_use_id: 'call_run',
    });
    harness.client({
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: ask?.request_id,
        response: { behavior: 'allow', updatedInput: { command: line } },
      },
    });
    expect(answers(harness).at(-1)).toMatchObject({
      id: 9,
      result: { outcome: { outcome: 'selected', optionId: 'proceed_once' } },
    });
    harness.update({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'call_run',
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: 'hello' } }],
    });
    harness.update({
      sessionUpdate: 'agent_message_chunk',
      content: { type: 'text', text: 'Done.' },
    });
    harness.endPrompt();
    const lines = harness.since(mark);
    const blocks = lines.flatMap((entry) =>
      Array.isArray(entry.message?.content) ? entry.message.content : [],
    );
    expect(blocks.filter((block) => block.type === 'tool_use').map((block) => block.id)).toEqual([
      'call_run',
    ]);
    expect(toolResults(harness)).toEqual([
      expect.objectContaining({ tool_use_id: 'call_run', content: 'hello', is_error: false }),
    ]);
    const resultIndex = lines.findIndex((entry) => entry.type === 'result');
    const toolResultIndex = lines.findIndex((entry) =>
      JSON.stringify(entry).includes('"tool_result"'),
    );
    expect(toolResultIndex).toBeLessThan(resultIndex);
    expect(JSON.stringify(lines)).not.toContain('without asking');
  });
});

describe("an agent's own MCP copy of a Claude tool", () => {
  it('GA-16 _meta.claudeCode.toolName mcp__acp__Write (no client server acp) is Write', () => {
    const harness = permissionHarness();
    requestPermission(harness, 3, {
      toolCallId: 'toolu_1',
      title: 'Write /proj/a.md',
      rawInput: { file_path: '/proj/a.md', content: 'x' },
      _meta: { claudeCode: { toolName: 'mcp__acp__Write' } },
    });
    expect(toolUses(harness).map((block: { name: string }) => block.name)).toEqual(['Write']);
    expect(harness.linesOf('control_request').at(-1)?.request.tool_name).toBe('Write');
  });
});
