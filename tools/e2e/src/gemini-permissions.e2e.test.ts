import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestPermissionResponse } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { selectPermissionOption } from './acp-test-client.js';
import {
  chunkText,
  openSession,
  sendPrompt,
  transcriptIndex,
  updatesOf,
  wireName,
} from './session-helpers.js';
import { useGeminiSuite } from './test-support/use-agent-suite.js';

const suite = useGeminiSuite();

describe('Gemini CLI 0.61.0 over ACP, offline: permissions', () => {
  it('permission allow: request_permission (id 0) with no tool_call first, then the file is written', async () => {
    await suite.scenario('permission-allow', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      const target = join(context.agent.workDirectory, 'hello.txt');
      suite.server().enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'hi\n' } } },
        ],
      });
      suite.server().enqueueTurn({ parts: [{ text: 'Wrote hello.txt.' }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      const response = await sendPrompt(agentContext, session.sessionId, 'Write hello.txt');
      expect(response.stopReason).toBe('end_turn');
      expect(readFileSync(target, 'utf8')).toBe('hi\n');

      const [permission] = context.acpClient.permissionRequests;
      expect(permission?.toolCall).toMatchObject({
        status: 'pending',
        kind: 'edit',
        title: 'Writing to hello.txt',
        content: [{ type: 'diff', path: target, oldText: '', newText: 'hi\n' }],
        locations: [{ path: target }],
      });
      expect(permission?.options.map((option) => [option.optionId, option.kind])).toEqual([
        ['proceed_always', 'allow_always'],
        ['proceed_once', 'allow_once'],
        ['cancel', 'reject_once'],
      ]);
      const permissionMessage = context.acpClient.transcript.find(
        (entry) => (entry.message as { method?: string }).method === 'session/request_permission',
      )?.message as { id: unknown };
      expect(permissionMessage.id).toBe(0);
      expect(
        transcriptIndex(context.acpClient, (message) => wireName(message) === 'tool_call'),
      ).toBe(-1);
      const updates = updatesOf(context.acpClient.updates);
      const completed = updates.find((update) => update.sessionUpdate === 'tool_call_update');
      expect(completed).toMatchObject({
        toolCallId: permission?.toolCall.toolCallId,
        status: 'completed',
      });
      expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toBe('Wrote hello.txt.');
    });
    const functionResponse = suite.server().lastContents().at(-1)?.parts[0] as {
      functionResponse: { name: string; id: string; response: unknown };
    };
    expect(functionResponse.functionResponse.name).toBe('write_file');
  });

  it('permission reject: no tool_call_update, the file is not written, the turn continues', async () => {
    await suite.scenario('permission-reject', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      const target = join(context.agent.workDirectory, 'denied.txt');
      suite.server().enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'no\n' } } },
        ],
      });
      suite.server().enqueueTurn({ parts: [{ text: 'Understood, not writing it.' }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'reject_once'),
      );
      const response = await sendPrompt(agentContext, session.sessionId, 'Write denied.txt');
      expect(response.stopReason).toBe('end_turn');
      expect(existsSync(target)).toBe(false);
      expect(context.acpClient.permissionRequests).toHaveLength(1);
      const kinds = updatesOf(context.acpClient.updates).map((update) => update.sessionUpdate);
      expect(kinds).not.toContain('tool_call');
      expect(kinds).not.toContain('tool_call_update');
      expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toBe(
        'Understood, not writing it.',
      );
    });
    expect(suite.server().lastContents().at(-1)?.parts[0]).toMatchObject({
      functionResponse: {
        name: 'write_file',
        response: { error: 'Tool "write_file" was canceled by the user.' },
      },
    });
  });

  it('cancel with a permission pending: the prompt waits for the answer, then ends cancelled', async () => {
    await suite.scenario('cancel-pending-permission', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      const target = join(context.agent.workDirectory, 'pending.txt');
      suite.server().enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'x' } } },
        ],
      });
      let answer: (response: RequestPermissionResponse) => void = () => {};
      context.acpClient.respondToPermissions(
        () => new Promise<RequestPermissionResponse>((resolve) => (answer = resolve)),
      );
      const prompt = sendPrompt(agentContext, session.sessionId, 'Write pending.txt');
      await context.acpClient.waitForPermissionRequests(1);
      await agentContext.notify('session/cancel', { sessionId: session.sessionId });
      answer({ outcome: { outcome: 'cancelled' } });
      expect(await prompt).toMatchObject({ stopReason: 'cancelled' });
      expect(existsSync(target)).toBe(false);
      const permissionAnswer = transcriptIndex(
        context.acpClient,
        (message) =>
          (message as { id?: unknown; result?: { outcome?: unknown } }).id === 0 &&
          (message as { result?: { outcome?: unknown } }).result?.outcome !== undefined,
      );
      const promptAnswer = transcriptIndex(
        context.acpClient,
        (message) =>
          (message as { result?: { stopReason?: string } }).result?.stopReason === 'cancelled',
      );
      expect(permissionAnswer).toBeGreaterThan(-1);
      expect(promptAnswer).toBeGreaterThan(permissionAnswer);
    });
  });
});
