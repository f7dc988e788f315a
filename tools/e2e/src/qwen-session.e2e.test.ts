import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectPermissionOption } from './acp-test-client.js';
import {
  cancelMidStream,
  chunkText,
  openSession,
  sendPrompt,
  turnKinds,
  updatesOf,
} from './session-helpers.js';
import { useQwenSuite } from './test-support/use-agent-suite.js';

const suite = useQwenSuite();

describe('Qwen Code 0.24.4 over ACP, offline', () => {
  it('handshake: OpenAI auth without authenticate, modes plan/default/auto-edit/auto/yolo, one model', async () => {
    await suite.scenario('handshake', async (context) => {
      const { initialized, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      expect(initialized.agentInfo).toMatchObject({ version: '0.24.4' });
      expect(initialized.authMethods?.map((method) => method.id)).toEqual(['openai']);
      expect(session.modes?.availableModes.map((mode) => mode.id)).toEqual([
        'plan',
        'default',
        'auto-edit',
        'auto',
        'yolo',
      ]);
      expect(session.modes?.currentModeId).toBe('default');
    });
    // Nothing is asked of the model before a prompt.
    expect(suite.server().requests).toEqual([]);
  });

  it('prompt: reasoning and text stream; usage comes in _meta.usage of an empty message chunk', async () => {
    await suite.scenario('prompt-thinking-text', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      suite.server().enqueueTurn({
        parts: [
          { type: 'reasoning', text: 'The user greets me.' },
          { type: 'text', text: 'Hello from Qwen.' },
        ],
        usage: { promptTokens: 120, completionTokens: 8 },
      });
      const response = await sendPrompt(agentContext, session.sessionId, 'Say hello.');
      expect(response.stopReason).toBe('end_turn');
      expect(response).not.toHaveProperty('usage');
      expect(chunkText(context.acpClient.updates, 'agent_thought_chunk')).toBe(
        'The user greets me.',
      );
      expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toBe('Hello from Qwen.');
      const usageChunk = updatesOf(context.acpClient.updates).find(
        (update) => update.sessionUpdate === 'agent_message_chunk' && update._meta?.usage,
      );
      expect(usageChunk?._meta?.usage).toMatchObject({ inputTokens: 120, outputTokens: 8 });
    });
  });

  it('permission: a preparing tool_call (_meta.toolName, empty rawInput), then the request with the whole input', async () => {
    await suite.scenario('permission-allow', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      const target = join(context.agent.workDirectory, 'hello.txt');
      suite.server().enqueueTurn({
        parts: [
          {
            type: 'tool_call',
            name: 'write_file',
            arguments: { file_path: target, content: 'hi\n' },
          },
        ],
      });
      suite.server().enqueueTurn({ parts: [{ type: 'text', text: 'Wrote hello.txt.' }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      const response = await sendPrompt(agentContext, session.sessionId, 'Write hello.txt');
      expect(response.stopReason).toBe('end_turn');
      expect(readFileSync(target, 'utf8')).toBe('hi\n');
      const first = updatesOf(context.acpClient.updates).find(
        (update) => update.sessionUpdate === 'tool_call',
      );
      expect(first).toMatchObject({
        status: 'pending',
        kind: 'edit',
        rawInput: {},
        _meta: { toolName: 'write_file' },
      });
      expect(context.acpClient.permissionRequests[0]?.toolCall).toMatchObject({
        rawInput: { file_path: target, content: 'hi\n' },
        content: [{ type: 'diff', path: target, oldText: '', newText: 'hi\n' }],
        _meta: { toolName: 'write_file' },
      });
    });
  });

  it('plan: todo_write shows as a plan update, never as a tool_call', async () => {
    await suite.scenario('plan', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      suite.server().enqueueTurn({
        parts: [
          {
            type: 'tool_call',
            name: 'todo_write',
            arguments: {
              todos: [
                { id: '1', content: 'Write the notes', status: 'in_progress' },
                { id: '2', content: 'Review them', status: 'pending' },
              ],
            },
          },
        ],
      });
      suite.server().enqueueTurn({ parts: [{ type: 'text', text: 'Planned.' }] });
      await sendPrompt(agentContext, session.sessionId, 'Plan the work.');
      expect(turnKinds(context.acpClient.updates)).not.toContain('tool_call');
      const plan = updatesOf(context.acpClient.updates).find(
        (update) => update.sessionUpdate === 'plan',
      );
      expect(plan).toMatchObject({
        entries: [
          { content: 'Write the notes', status: 'in_progress' },
          { content: 'Review them', status: 'pending' },
        ],
      });
    });
  });

  it('cancel: session/cancel during a held stream answers the prompt cancelled', async () => {
    await suite.scenario('cancel', async (context) => {
      const { session } = await openSession(context, { waitForAvailableCommands: true });
      suite
        .server()
        .enqueueTurn({ parts: [{ type: 'text', text: 'Counting: 1, 2, ' }], hold: true });
      const response = await cancelMidStream(context.acpClient, session.sessionId);
      expect(response.stopReason).toBe('cancelled');
    });
  });
});
