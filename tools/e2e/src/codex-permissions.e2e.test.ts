import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectPermissionOption } from './acp-test-client.js';
import { execCommandCall } from './fake-openai-server.js';
import {
  chunkText,
  openSession,
  sendPrompt,
  toolCallStates,
  transcriptIndex,
  turnKinds,
  wireName,
} from './session-helpers.js';
import { useCodexSuite } from './test-support/use-agent-suite.js';

const suite = useCodexSuite();

describe('codex-acp 0.16.0 over ACP, offline: permissions and the sandbox', () => {
  it('exec_command allowed: request_permission comes before tool_call, then the command runs', async () => {
    await suite.scenario('permission-exec-allow', async (context) => {
      const { agentContext, session } = await openSession(context);
      suite.server().enqueueTurn({
        items: [execCommandCall('echo hi > shell.txt', 'call_exec', 'Create shell.txt')],
      });
      suite.server().enqueueTurn({ items: [{ type: 'message', deltas: ['Created shell.txt.'] }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      const response = await sendPrompt(agentContext, session.sessionId, 'Create shell.txt');
      expect(response.stopReason).toBe('end_turn');
      expect(readFileSync(join(context.agent.workDirectory, 'shell.txt'), 'utf8')).toBe('hi\n');
      const [permission] = context.acpClient.permissionRequests;
      expect(permission?.toolCall).toMatchObject({
        toolCallId: 'call_exec',
        kind: 'execute',
        status: 'pending',
        title: 'echo hi > shell.txt',
      });
      expect(permission?.options.map((option) => [option.optionId, option.kind])).toEqual([
        ['approved', 'allow_once'],
        ['approved-execpolicy-amendment', 'allow_always'],
        ['abort', 'reject_once'],
      ]);
      const permissionIndex = transcriptIndex(
        context.acpClient,
        (message) => wireName(message) === 'session/request_permission',
      );
      const permissionMessage = context.acpClient.transcript[permissionIndex]?.message;
      // Agent-to-client request ids are UUID strings here (Gemini counts from 0).
      expect(typeof (permissionMessage as { id?: unknown } | undefined)?.id).toBe('string');
      const toolCallIndex = transcriptIndex(
        context.acpClient,
        (message) => wireName(message) === 'tool_call',
      );
      expect(toolCallIndex).toBeGreaterThan(permissionIndex);
      expect(toolCallStates(context.acpClient.updates)).toEqual([
        ['tool_call', 'in_progress'],
        ['tool_call_update', 'completed'],
      ]);
      expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toBe(
        'Created shell.txt.',
      );
    });
    const output = suite
      .server()
      .lastBody()
      .input.find((item) => item.type === 'function_call_output');
    expect(output?.call_id).toBe('call_exec');
  });

  it('exec_command rejected (abort): the whole turn ends cancelled with no tool_call at all', async () => {
    await suite.scenario('permission-exec-reject', async (context) => {
      const { agentContext, session } = await openSession(context);
      suite.server().enqueueTurn({
        items: [execCommandCall('echo no > denied.txt', 'call_denied', 'Create denied.txt')],
      });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'reject_once'),
      );
      const response = await sendPrompt(agentContext, session.sessionId, 'Create denied.txt');
      expect(response).toEqual({ stopReason: 'cancelled' });
      expect(existsSync(join(context.agent.workDirectory, 'denied.txt'))).toBe(false);
      expect(turnKinds(context.acpClient.updates)).toEqual([]);

      suite.server().enqueueTurn({ items: [{ type: 'message', deltas: ['OK, I will not.'] }] });
      const next = await sendPrompt(agentContext, session.sessionId, 'Never mind.');
      expect(next.stopReason).toBe('end_turn');
    });
    expect(suite.server().responseRequests()).toHaveLength(2);
  });

  it('read-only: a command the sandbox denies asks no permission and makes nothing; a call it reports ends failed', async () => {
    await suite.scenario('sandbox-denied', async (context) => {
      const { agentContext, session } = await openSession(context);
      suite.server().enqueueTurn({
        items: [execCommandCall('touch made.txt', 'call_sandboxed')],
      });
      suite
        .server()
        .enqueueTurn({ items: [{ type: 'message', deltas: ['The sandbox refused.'] }] });
      const response = await sendPrompt(agentContext, session.sessionId, 'Create made.txt');
      expect(response.stopReason).toBe('end_turn');
      expect(existsSync(join(context.agent.workDirectory, 'made.txt'))).toBe(false);
      expect(context.acpClient.permissionRequests).toEqual([]);
      // Where the sandbox can be set up the command runs and fails inside it (a read-only file
      // system), reported as a failed call; where it cannot, codex refuses it without a tool_call.
      const kinds = turnKinds(context.acpClient.updates);
      expect([
        ['agent_message_chunk'],
        ['tool_call', 'tool_call_update', 'agent_message_chunk'],
      ]).toContainEqual(kinds);
      const settled = context.acpClient.updates.filter(
        (entry) => entry.update.sessionUpdate === 'tool_call_update',
      );
      for (const entry of settled) expect(entry.update).toMatchObject({ status: 'failed' });
    });
    const output = suite
      .server()
      .lastBody()
      .input.find((item) => item.type === 'function_call_output');
    expect(output?.output).toContain('Read-only file system');
  });

  it('apply_patch allowed: tool_call comes first, then request_permission, then the file exists', async () => {
    await suite.scenario('permission-patch-allow', async (context) => {
      const { agentContext, session } = await openSession(context);
      suite.server().enqueueTurn({
        items: [
          {
            type: 'custom_tool_call',
            name: 'apply_patch',
            input: '*** Begin Patch\n*** Add File: patched.txt\n+patched\n*** End Patch\n',
            callId: 'call_patch',
          },
        ],
      });
      suite.server().enqueueTurn({ items: [{ type: 'message', deltas: ['Patched.'] }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      await sendPrompt(agentContext, session.sessionId, 'Add patched.txt');
      const target = join(context.agent.workDirectory, 'patched.txt');
      expect(readFileSync(target, 'utf8')).toBe('patched\n');
      const order = context.acpClient.transcript
        .map((entry) => wireName(entry.message))
        .filter((name) =>
          ['tool_call', 'session/request_permission', 'tool_call_update'].includes(name),
        );
      expect(order).toEqual(['tool_call', 'session/request_permission', 'tool_call_update']);
      expect(context.acpClient.permissionRequests[0]?.toolCall).toMatchObject({
        toolCallId: 'call_patch',
        kind: 'edit',
        content: [{ type: 'diff', path: target, newText: 'patched\n' }],
      });
      expect(
        context.acpClient.permissionRequests[0]?.options.map((option) => option.optionId),
      ).toEqual(['approved', 'abort']);
    });
  });
});
