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
import { useClaudeAcpSuite } from './test-support/use-agent-suite.js';

const suite = useClaudeAcpSuite();

describe('claude-agent-acp 0.101.0 (Claude Code 2.1.332) over ACP, offline', () => {
  it('handshake: an API key needs no sign-in; modes are Claude’s own words', async () => {
    await suite.scenario('handshake', async (context) => {
      const { initialized, session } = await openSession(context);
      expect(initialized.agentInfo).toMatchObject({
        name: '@agentclientprotocol/claude-agent-acp',
        version: '0.101.0',
      });
      expect(session.modes?.availableModes.map((mode) => mode.id)).toEqual(
        expect.arrayContaining(['default', 'acceptEdits', 'plan']),
      );
      expect(session.modes?.currentModeId).toBe('default');
    });
  });

  it('prompt: thinking and text stream with the API message id; usage in the prompt answer', async () => {
    await suite.scenario('prompt-thinking-text', async (context) => {
      const { agentContext, session } = await openSession(context);
      suite.server().enqueueTurn({
        blocks: [
          { type: 'thinking', thinking: 'The user greets me.' },
          { type: 'text', text: 'Hello from Claude.' },
        ],
      });
      const response = await sendPrompt(agentContext, session.sessionId, 'Say hello.');
      expect(response).toMatchObject({ stopReason: 'end_turn', usage: { outputTokens: 10 } });
      expect(chunkText(context.acpClient.updates, 'agent_thought_chunk')).toBe(
        'The user greets me.',
      );
      expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toBe(
        'Hello from Claude.',
      );
    });
  });

  it('permission: the tool_call comes with an empty input, the input in later updates and the request', async () => {
    await suite.scenario('permission-allow', async (context) => {
      const { agentContext, session } = await openSession(context);
      const target = join(context.agent.workDirectory, 'notes.md');
      suite.server().enqueueTurn({
        blocks: [
          { type: 'tool_use', name: 'Write', input: { file_path: target, content: '# Notes\n' } },
        ],
      });
      suite.server().enqueueTurn({ blocks: [{ type: 'text', text: 'Wrote notes.md.' }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      await sendPrompt(agentContext, session.sessionId, 'Write notes.md');
      expect(readFileSync(target, 'utf8')).toBe('# Notes\n');
      const calls = updatesOf(context.acpClient.updates).filter(
        (update) =>
          update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update',
      );
      expect(calls[0]).toMatchObject({
        sessionUpdate: 'tool_call',
        status: 'pending',
        rawInput: {},
        _meta: { claudeCode: { toolName: 'Write' } },
      });
      expect(context.acpClient.permissionRequests[0]?.toolCall).toMatchObject({
        rawInput: { file_path: target, content: '# Notes\n' },
      });
      expect(calls.at(-1)).toMatchObject({ status: 'completed', rawOutput: expect.any(String) });
    });
  });

  it('plan: TodoWrite shows as a plan update (activeForm as the running entry), never as a tool_call', async () => {
    await suite.scenario('plan', async (context) => {
      const { agentContext, session } = await openSession(context);
      suite.server().enqueueTurn({
        blocks: [
          {
            type: 'tool_use',
            name: 'TodoWrite',
            input: {
              todos: [
                { content: 'Write the notes', status: 'in_progress', activeForm: 'Writing' },
                { content: 'Review them', status: 'pending', activeForm: 'Reviewing' },
              ],
            },
          },
        ],
      });
      suite.server().enqueueTurn({ blocks: [{ type: 'text', text: 'Planned.' }] });
      await sendPrompt(agentContext, session.sessionId, 'Plan the work.');
      expect(turnKinds(context.acpClient.updates)).not.toContain('tool_call');
      expect(
        updatesOf(context.acpClient.updates).find((update) => update.sessionUpdate === 'plan'),
      ).toMatchObject({
        entries: [
          { content: 'Writing', status: 'in_progress' },
          { content: 'Review them', status: 'pending' },
        ],
      });
    });
  });

  it('cancel: session/cancel during a held stream answers the prompt cancelled', async () => {
    await suite.scenario('cancel', async (context) => {
      const { session } = await openSession(context);
      suite.server().enqueueTurn({
        blocks: [{ type: 'text', text: 'Counting: 1, 2, ' }],
        hold: true,
      });
      const response = await cancelMidStream(context.acpClient, session.sessionId);
      expect(response.stopReason).toBe('cancelled');
    });
  });
});
