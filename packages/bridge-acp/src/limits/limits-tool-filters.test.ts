import { describe, expect, it } from 'vitest';
import { createHarness, type Line } from '../__fixtures__/bridge-harness.js';
import { seedVendorBackend } from '../__fixtures__/seed-vendor-quirks.js';
import {
  agentAnswer,
  allowOrReject,
  askBash,
  limitsHarness,
  reject,
  result,
} from './__fixtures__/limits-harness.js';

describe('--tools and --disallowedTools', () => {
  it('LM-04 a built-in tool outside --tools is refused (MCP tools are not concerned); system/init lists only the set', () => {
    const harness = limitsHarness(
      { tools: ['Read'] },
      { backend: seedVendorBackend, launch: { mcpServers: { files: { command: 'files' } } } },
    );
    expect(harness.linesOf('system', 'init')[0]?.tools).not.toContain('Bash');
    askBash(harness, 1);
    expect(agentAnswer(harness, 1)).toEqual(reject);
    expect(harness.linesOf('user').at(-1)?.message.content[0]).toMatchObject({
      content: 'No such tool available: Bash',
      is_error: true,
    });
    harness.agent({
      jsonrpc: '2.0',
      id: 2,
      method: 'session/request_permission',
      params: {
        sessionId: 'sess-1',
        toolCall: {
          toolCallId: 'm',
          title: 'mcp__files__read',
          rawInput: { tool: 'mcp__files__read' },
        },
        options: allowOrReject,
      },
    });
    expect(agentAnswer(harness, 2)).toEqual(reject);
    expect(harness.linesOf('user').at(-1)?.message.content[0].content).not.toContain(
      'No such tool',
    );
  });

  it('LM-04 LM-05 a refused tool the agent runs without asking cancels the turn, listed in permission_denials', () => {
    const cases: [Line, string][] = [
      [{ limits: { tools: [] } }, 'No such tool available: Bash'],
      [
        { disallowedTools: ['Bash(touch:*)'] },
        "Permission to use Bash has been denied by the session's permission settings.",
      ],
    ];
    for (const [launch, text] of cases) {
      const harness = createHarness({ launch });
      harness.initialize();
      harness.user('go');
      harness.update({
        sessionUpdate: 'tool_call',
        toolCallId: 'call_1',
        title: 'touch x',
        kind: 'execute',
        status: 'in_progress',
        rawInput: { command: 'touch x' },
      });
      expect(harness.sent('session/cancel')).toHaveLength(1);
      harness.endPrompt('cancelled');
      expect(result(harness)).toMatchObject({
        subtype: 'error_during_execution',
        errors: [text],
        terminal_reason: 'aborted_tools',
        permission_denials: [{ tool_name: 'Bash', tool_use_id: 'call_1' }],
      });
    }
  });
});
