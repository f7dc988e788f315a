import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execCommandCall } from './fake-openai-server.js';
import type { WithModels } from './session-helpers.js';
import {
  cancelMidStream,
  chunkText,
  initializeAgent,
  openSession,
  sendPrompt,
  turnKinds,
  updatesOf,
} from './session-helpers.js';
import { useCodexSuite } from './test-support/use-agent-suite.js';

const suite = useCodexSuite();

describe('codex-acp 0.16.0 over ACP, offline: session, streaming, cancel, modes, resume, errors', () => {
  it('handshake: advertises auth methods, session capabilities, modes and config options', async () => {
    await suite.scenario('handshake', async (context) => {
      const { initialized, session } = await openSession(context);
      expect(initialized.agentInfo).toMatchObject({ name: 'codex-acp', version: '0.16.0' });
      expect(initialized.authMethods?.map((method) => method.id)).toEqual([
        'chatgpt',
        'codex-api-key',
        'openai-api-key',
      ]);
      expect(initialized.authMethods?.[1]).toMatchObject({
        type: 'env_var',
        vars: [{ name: 'CODEX_API_KEY' }],
      });
      expect(initialized.agentCapabilities).toMatchObject({
        loadSession: true,
        promptCapabilities: { image: true, audio: false, embeddedContext: true },
        mcpCapabilities: { http: true, sse: false },
        sessionCapabilities: { list: {}, resume: {}, close: {} },
      });
      // A fresh working directory is untrusted: read-only.
      expect(session.modes?.currentModeId).toBe('read-only');
      expect(session.modes?.availableModes.map((mode) => mode.id)).toEqual([
        'read-only',
        'auto',
        'full-access',
      ]);
      expect((session as WithModels).models ?? null).toBeNull();
      expect(session.configOptions?.map((option) => [option.id, option.currentValue])).toEqual([
        ['mode', 'read-only'],
        ['model', 'gpt-5.3-codex'],
        ['reasoning_effort', 'medium'],
      ]);
    });
    expect(suite.server().requests).toEqual([]);
  });

  it('prompt: reasoning summary and text streamed, usage_update after the response, none in the result', async () => {
    suite.server().enqueueTurn({
      items: [
        { type: 'reasoning', summary: ['**Greeting**\n\nThe user says hi.'] },
        { type: 'message', deltas: ['Hello ', 'world.'] },
      ],
      usage: { inputTokens: 1200, outputTokens: 30, cachedTokens: 200, reasoningTokens: 10 },
    });
    await suite.scenario('prompt-thinking-text', async (context) => {
      const { agentContext, session } = await openSession(context);
      const response = await sendPrompt(agentContext, session.sessionId, 'Say hello.');
      expect(response).toEqual({ stopReason: 'end_turn' });
      expect(turnKinds(context.acpClient.updates)).toEqual([
        'agent_thought_chunk',
        'agent_thought_chunk',
        'agent_message_chunk',
        'agent_message_chunk',
      ]);
      // Each summary part is preceded by a separate "\n\n" thought chunk.
      expect(chunkText(context.acpClient.updates, 'agent_thought_chunk')).toBe(
        '\n\n**Greeting**\n\nThe user says hi.',
      );
      expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toBe('Hello world.');
      const usage = updatesOf(context.acpClient.updates).filter(
        (update) => update.sessionUpdate === 'usage_update',
      );
      expect(usage.length).toBeGreaterThan(0);
      expect(usage[0]).toMatchObject({ used: 1230, size: expect.any(Number) });
    });
    const body = suite.server().lastBody();
    expect(suite.server().responseRequests()[0]?.headers.authorization).toBe(
      'Bearer fake-openai-key',
    );
    expect(body).toMatchObject({
      model: 'gpt-5.3-codex',
      stream: true,
      reasoning: { summary: 'detailed' },
    });
    expect(JSON.stringify(body.input.at(-1))).toContain('Say hello.');
  });

  it('cancel during a long stream: the prompt resolves cancelled and the next prompt works', async () => {
    await suite.scenario('cancel', async (context) => {
      const { agentContext, session } = await openSession(context);
      suite.server().enqueueTurn({
        items: [{ type: 'message', deltas: ['Counting: 1, 2, '] }],
        hold: true,
      });
      expect(await cancelMidStream(context.acpClient, session.sessionId)).toEqual({
        stopReason: 'cancelled',
      });

      suite.server().enqueueTurn({ items: [{ type: 'message', deltas: ['Back again.'] }] });
      const next = await sendPrompt(agentContext, session.sessionId, 'Say something.');
      expect(next.stopReason).toBe('end_turn');
    });
    expect(JSON.stringify(suite.server().lastBody().input)).toContain('Say something.');
  });

  it('set_mode and set_config_option (mode, model, reasoning_effort); auto mode runs commands sandboxed', async () => {
    await suite.scenario('modes-config', async (context) => {
      const { agentContext, session } = await openSession(context);
      const sessionId = session.sessionId;
      expect(await agentContext.request('session/set_mode', { sessionId, modeId: 'auto' })).toEqual(
        {},
      );
      const model = await agentContext.request('session/set_config_option', {
        sessionId,
        configId: 'model',
        value: 'gpt-5.4',
      });
      expect(model.configOptions.find((option) => option.id === 'model')?.currentValue).toBe(
        'gpt-5.4',
      );
      const effort = await agentContext.request('session/set_config_option', {
        sessionId,
        configId: 'reasoning_effort',
        value: 'high',
      });
      expect(effort.configOptions.find((option) => option.id === 'mode')?.currentValue).toBe(
        'auto',
      );
      const setModel = await agentContext
        .request<unknown>('session/set_model', { sessionId, modelId: 'gpt-5.4' })
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      expect(setModel).toMatchObject({ error: { code: -32601 } });

      suite.server().enqueueTurn({
        items: [execCommandCall('echo auto > auto.txt', 'call_auto')],
      });
      suite.server().enqueueTurn({ items: [{ type: 'message', deltas: ['Done.'] }] });
      await sendPrompt(agentContext, sessionId, 'Create auto.txt');
      expect(readFileSync(join(context.agent.workDirectory, 'auto.txt'), 'utf8')).toBe('auto\n');
      expect(context.acpClient.permissionRequests).toEqual([]);
    });
    expect(suite.server().lastBody()).toMatchObject({
      model: 'gpt-5.4',
      reasoning: { effort: 'high' },
    });
  });

  it('session/resume and session/load in later processes continue the conversation', async () => {
    suite.server().enqueueTurn({ items: [{ type: 'message', deltas: ['Remembered: 42.'] }] });
    const first = await suite.scenario(
      'session-resume-first',
      async (context) => {
        const { agentContext, session } = await openSession(context);
        await sendPrompt(agentContext, session.sessionId, 'Remember 42.');
        return { sessionId: session.sessionId, ...context.agent };
      },
      {},
      true,
    );
    const directories = { homeDirectory: first.homeDirectory, workDirectory: first.workDirectory };

    suite.server().enqueueTurn({ items: [{ type: 'message', deltas: ['It was 42.'] }] });
    await suite.scenario(
      'session-resume',
      async (context) => {
        await initializeAgent(context.acpClient);
        const agentContext = context.acpClient.connection.agent;
        const resumed = await agentContext.request('session/resume', {
          sessionId: first.sessionId,
          cwd: first.workDirectory,
          mcpServers: [],
        });
        expect(resumed.modes?.currentModeId).toBeDefined();
        expect(turnKinds(context.acpClient.updates)).toEqual([]);
        const response = await sendPrompt(agentContext, first.sessionId, 'What was it?');
        expect(response.stopReason).toBe('end_turn');
      },
      directories,
      true,
    );
    const resumedInput = JSON.stringify(suite.server().lastBody().input);
    expect(resumedInput).toContain('Remember 42.');
    expect(resumedInput).toContain('Remembered: 42.');

    await suite.scenario(
      'session-load',
      async (context) => {
        await initializeAgent(context.acpClient);
        const agentContext = context.acpClient.connection.agent;
        await agentContext.request('session/load', {
          sessionId: first.sessionId,
          cwd: first.workDirectory,
          mcpServers: [],
        });
        await context.acpClient.waitForUpdate((notification) =>
          JSON.stringify(notification.update).includes('It was 42.'),
        );
        expect(chunkText(context.acpClient.updates, 'user_message_chunk')).toContain(
          'What was it?',
        );
        expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toContain(
          'Remembered: 42.',
        );
      },
      directories,
    );
  });

  it('API error: an HTTP 400 from the Responses API becomes a session/prompt JSON-RPC error', async () => {
    suite.server().enqueueError({ status: 400, message: 'Invalid value for reasoning.effort.' });
    await suite.scenario('api-error', async (context) => {
      const { agentContext, session } = await openSession(context);
      const outcome = await sendPrompt(agentContext, session.sessionId, 'Fail please.').then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      // -32603 with the raw API body in data.message; no retry (request_max_retries = 0).
      expect(outcome).toMatchObject({
        error: { code: -32603, data: { codex_error_info: 'other' } },
      });
      const data = (outcome as { error: { data: { message: string } } }).error.data;
      expect(JSON.parse(data.message)).toMatchObject({
        error: { message: 'Invalid value for reasoning.effort.', type: 'invalid_request_error' },
      });
    });
    expect(suite.server().responseRequests()).toHaveLength(1);
  });
});
