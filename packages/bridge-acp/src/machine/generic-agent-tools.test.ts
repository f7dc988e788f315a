import { describe, expect, it } from 'vitest';
import { permissionHarness, requestPermission } from './__fixtures__/permission-harness.js';

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
