import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backdateGeminiChats } from './launch-gemini.js';
import type { WithModels } from './session-helpers.js';
import {
  cancelMidStream,
  chunkText,
  initializeAgent,
  openSession,
  sendPrompt,
  toolCallStates,
  transcriptIndex,
  updatesOf,
  wireName,
} from './session-helpers.js';
import { useGeminiSuite } from './test-support/use-agent-suite.js';

const suite = useGeminiSuite();

describe('Gemini CLI 0.61.0 over ACP, offline: session, streaming, cancel, modes, load, errors', () => {
  it('handshake: advertises auth methods, loadSession, modes and models, and calls no model', async () => {
    await suite.scenario('handshake', async (context) => {
      const { initialized, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      expect(initialized.agentInfo).toMatchObject({ name: 'gemini-cli', version: '0.61.0' });
      expect(initialized.authMethods?.map((method) => method.id)).toEqual([
        'oauth-personal',
        'gemini-api-key',
        'vertex-ai',
        'gateway',
      ]);
      expect(initialized.agentCapabilities).toMatchObject({
        loadSession: true,
        promptCapabilities: { image: true, audio: true, embeddedContext: true },
        mcpCapabilities: { http: true, sse: true },
      });
      expect(session.modes?.availableModes.map((mode) => mode.id)).toEqual([
        'default',
        'autoEdit',
        'yolo',
        'plan',
      ]);
      expect(session.modes?.currentModeId).toBe('default');
      expect((session as WithModels).models?.currentModelId).toBe('auto');
      expect(
        (session as WithModels).models?.availableModels.map((model) => model.modelId),
      ).toContain('gemini-2.5-pro');
      expect(session.configOptions ?? null).toBeNull();
      await context.acpClient.waitForUpdate(
        (notification) => notification.update.sessionUpdate === 'available_commands_update',
      );
    });
    expect(suite.server().requests).toEqual([]);
  });

  it('prompt: model auto routes first, then streams thinking and text; usage only in _meta.quota', async () => {
    suite.server().enqueueTurn({
      parts: [
        { text: '**Planning**\n\nThe user greets me.', thought: true },
        { text: 'Hello ' },
        { text: 'world.' },
      ],
      usage: { promptTokenCount: 12, candidatesTokenCount: 4, thoughtsTokenCount: 3 },
    });
    await suite.scenario('prompt-thinking-text', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      const response = await sendPrompt(agentContext, session.sessionId, 'Say hello.');
      expect(response).toEqual({
        stopReason: 'end_turn',
        _meta: {
          quota: {
            token_count: { input_tokens: 12, output_tokens: 4 },
            model_usage: [
              { model: expect.any(String), token_count: { input_tokens: 12, output_tokens: 4 } },
            ],
          },
        },
      });
      const turn = updatesOf(context.acpClient.updates).filter(
        (update) => update.sessionUpdate !== 'available_commands_update',
      );
      expect(turn.map((update) => update.sessionUpdate)).toEqual([
        'agent_thought_chunk',
        'agent_message_chunk',
        'agent_message_chunk',
      ]);
      // The CLI reformats a thought's "**Subject**\n\nbody" as "**Subject**\nbody".
      expect(chunkText(context.acpClient.updates, 'agent_thought_chunk')).toBe(
        '**Planning**\nThe user greets me.',
      );
      expect(chunkText(context.acpClient.updates, 'agent_message_chunk')).toBe('Hello world.');
      expect(
        updatesOf(context.acpClient.updates).some(
          (update) => update.sessionUpdate === 'usage_update',
        ),
      ).toBe(false);
    });
    expect(
      suite.server().requests.map((request) => request.path.replace(/models\/[^:]+/, 'models/*')),
    ).toEqual(['/v1beta/models/*:generateContent', '/v1beta/models/*:streamGenerateContent']);
    expect(suite.server().streamRequests()[0]?.query).toEqual({ alt: 'sse' });
    expect(suite.server().streamRequests()[0]?.headers['x-goog-api-key']).toBe('fake-gemini-key');
    expect(suite.server().lastContents().at(-1)?.parts.at(-1)).toEqual({ text: 'Say hello.' });
  });

  it('cancel during a long stream: the prompt resolves cancelled and the next prompt works', async () => {
    await suite.scenario('cancel', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      suite.server().enqueueTurn({ parts: [{ text: 'Counting: 1, 2, ' }], hold: true });
      expect(await cancelMidStream(context.acpClient, session.sessionId)).toEqual({
        stopReason: 'cancelled',
      });

      suite.server().enqueueTurn({ parts: [{ text: 'Back again.' }] });
      const next = await sendPrompt(agentContext, session.sessionId, 'Say something.');
      expect(next.stopReason).toBe('end_turn');
    });
    // The cancelled turn is dropped from the history sent with the next request.
    const texts = JSON.stringify(suite.server().lastContents());
    expect(texts).not.toContain('Count forever.');
    expect(texts).toContain('Say something.');
  });

  it('set_mode answers with a [MODE_UPDATE] chunk; set_model drops routing; no set_config_option', async () => {
    await suite.scenario('modes-models', async (context) => {
      const { agentContext, session } = await openSession(context, {
        waitForAvailableCommands: true,
      });
      const sessionId = session.sessionId;
      expect(
        await agentContext.request('session/set_mode', { sessionId, modeId: 'autoEdit' }),
      ).toEqual({});
      const modeChunk = transcriptIndex(
        context.acpClient,
        (message) =>
          wireName(message) === 'agent_message_chunk' &&
          JSON.stringify(message).includes('[MODE_UPDATE] autoEdit'),
      );
      const modeAnswer = transcriptIndex(
        context.acpClient,
        (message) =>
          (message as { id?: unknown; result?: unknown }).id === 2 &&
          'result' in (message as object),
      );
      expect(modeChunk).toBeGreaterThan(-1);
      expect(modeChunk).toBeLessThan(modeAnswer);
      expect(
        updatesOf(context.acpClient.updates).map((update) => update.sessionUpdate),
      ).not.toContain('current_mode_update');

      const modelAnswer = await agentContext.request<unknown>('session/set_model', {
        sessionId,
        modelId: 'gemini-2.5-pro',
      });
      expect(modelAnswer).toEqual({});
      const configError = await agentContext
        .request('session/set_config_option', {
          sessionId,
          configId: 'model',
          value: 'gemini-2.5-pro',
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(configError).toMatchObject({ code: -32601 });

      // autoEdit: an edit runs without asking, announced with tool_call then tool_call_update.
      const target = join(context.agent.workDirectory, 'auto.txt');
      suite.server().enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'auto\n' } } },
        ],
      });
      suite.server().enqueueTurn({ parts: [{ text: 'Done.' }] });
      await sendPrompt(agentContext, sessionId, 'Write auto.txt');
      expect(readFileSync(target, 'utf8')).toBe('auto\n');
      expect(context.acpClient.permissionRequests).toEqual([]);
      expect(toolCallStates(context.acpClient.updates)).toEqual([
        ['tool_call', 'in_progress'],
        ['tool_call_update', 'completed'],
      ]);
    });
    expect(suite.server().generateRequests()).toEqual([]);
    expect(
      suite
        .server()
        .streamRequests()
        .map((request) => request.path),
    ).toEqual([
      '/v1beta/models/gemini-2.5-pro:streamGenerateContent',
      '/v1beta/models/gemini-2.5-pro:streamGenerateContent',
    ]);
  });

  it('session/load in a second process replays the history, then the conversation continues', async () => {
    suite.server().enqueueTurn({ parts: [{ text: 'Remembered: the answer is 42.' }] });
    const first = await suite.scenario(
      'session-load-first',
      async (context) => {
        const { agentContext, session } = await openSession(context, {
          waitForAvailableCommands: true,
        });
        await sendPrompt(agentContext, session.sessionId, 'Remember 42.');
        return { sessionId: session.sessionId, ...context.agent };
      },
      { model: 'gemini-2.5-pro' },
      true,
    );
    backdateGeminiChats(first.homeDirectory); // tools/e2e/README.md, Gemini 9a

    suite.server().enqueueTurn({ parts: [{ text: 'It was 42.' }] });
    await suite.scenario(
      'session-load',
      async (context) => {
        await initializeAgent(context.acpClient);
        const agentContext = context.acpClient.connection.agent;
        const loaded = await agentContext.request('session/load', {
          sessionId: first.sessionId,
          cwd: first.workDirectory,
          mcpServers: [],
        });
        expect(loaded.modes?.currentModeId).toBe('default');
        await context.acpClient.waitForUpdate(
          (notification) => notification.update.sessionUpdate === 'agent_message_chunk',
        );
        const replay = updatesOf(context.acpClient.updates).filter(
          (update) => update.sessionUpdate !== 'available_commands_update',
        );
        // The replay includes the CLI's hidden <session_context> message as a user chunk.
        expect(replay.map((update) => update.sessionUpdate)).toEqual([
          'user_message_chunk',
          'user_message_chunk',
          'agent_message_chunk',
        ]);
        expect(chunkText(context.acpClient.updates, 'user_message_chunk')).toContain(
          'Remember 42.',
        );
        const response = await sendPrompt(agentContext, first.sessionId, 'What was it?');
        expect(response.stopReason).toBe('end_turn');
      },
      {
        model: 'gemini-2.5-pro',
        homeDirectory: first.homeDirectory,
        workDirectory: first.workDirectory,
      },
    );
    const history = JSON.stringify(suite.server().lastContents());
    expect(history).toContain('Remember 42.');
    expect(history).toContain('Remembered: the answer is 42.');
    expect(history).toContain('What was it?');
  });

  it('API error: an HTTP 400 becomes a session/prompt JSON-RPC error whose code is the status', async () => {
    suite.server().enqueueError({
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
    });
    await suite.scenario(
      'api-error',
      async (context) => {
        const { agentContext, session } = await openSession(context, {
          waitForAvailableCommands: true,
        });
        const error = await sendPrompt(agentContext, session.sessionId, 'Fail please.').then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(error).toMatchObject({ code: 400 });
        const wire = context.acpClient.transcript.find(
          (entry) => 'error' in (entry.message as object),
        )?.message as { error: { code: number; message: string; data?: unknown } };
        expect(JSON.stringify(wire.error)).toContain('API key not valid');
      },
      { model: 'gemini-2.5-pro', maxAttempts: 1 },
    );
  });
});
