import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestPermissionResponse, SessionNotification } from '@agentclientprotocol/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AcpTestClient } from './acp-test-client.js';
import { selectPermissionOption } from './acp-test-client.js';
import type { FakeGeminiServer } from './fake-gemini-server.js';
import { startFakeGeminiServer } from './fake-gemini-server.js';
import type { LaunchGeminiOptions } from './launch-gemini.js';
import { launchGemini } from './launch-gemini.js';
import type { ScenarioContext } from './run-agent-scenario.js';
import { recordTranscripts, runAgentScenario } from './run-agent-scenario.js';

let server: FakeGeminiServer;

beforeEach(async () => {
  server = await startFakeGeminiServer();
});

afterEach(async () => {
  expect(server.unscripted).toEqual([]);
  await server.close();
});

function scenario<T>(
  name: string,
  body: (context: ScenarioContext) => Promise<T>,
  launchOptions: Omit<LaunchGeminiOptions, 'serverUrl'> = {},
  keepDirectories = false,
): Promise<T> {
  const agent = launchGemini({ serverUrl: server.url, ...launchOptions });
  return runAgentScenario(
    { name: `gemini-${name}`, server, agent, recordTranscript: recordTranscripts, keepDirectories },
    body,
  );
}

async function initialize({ acpClient }: ScenarioContext) {
  // fs capabilities stay off: with readTextFile on, write_file to a new file fails (upstream bug).
  return acpClient.connection.agent.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
  });
}

async function openSession(context: ScenarioContext) {
  const initialized = await initialize(context);
  const session = await context.acpClient.connection.agent.request('session/new', {
    cwd: context.agent.workDirectory,
    mcpServers: [],
  });
  // Sent right after the session/new response; waiting keeps recorded transcripts in one order.
  await context.acpClient.waitForUpdate(
    (notification) => notification.update.sessionUpdate === 'available_commands_update',
  );
  return { agentContext: context.acpClient.connection.agent, initialized, session };
}

/** `session/new` / `session/load` results with the unstable `models` field (Gemini). */
type WithModels = {
  models?: { currentModelId: string; availableModels: { modelId: string }[] } | null;
};

const updatesOf = (updates: readonly SessionNotification[]) =>
  updates.map((notification) => notification.update);

const textOf = (updates: readonly SessionNotification[], kind: string) =>
  updatesOf(updates)
    .flatMap((update) =>
      update.sessionUpdate === kind &&
      'content' in update &&
      typeof update.content === 'object' &&
      update.content !== null &&
      'text' in update.content
        ? [update.content.text]
        : [],
    )
    .join('');

/** Index in the transcript of the first message matching `predicate`. */
function transcriptIndex(
  acpClient: AcpTestClient,
  predicate: (message: unknown) => boolean,
): number {
  return acpClient.transcript.findIndex((entry) => predicate(entry.message));
}

const isUpdateOfKind = (kind: string) => (message: unknown) =>
  (message as { method?: string; params?: { update?: { sessionUpdate?: string } } }).method ===
    'session/update' &&
  (message as { params: { update: { sessionUpdate: string } } }).params.update.sessionUpdate ===
    kind;

type GenerateContentBody = { contents: { role: string; parts: unknown[] }[] };

/** `contents` of the last (or `offset`-th last) stream request; empty when there is none. */
const lastContents = (offset = 1) =>
  (server.streamRequests().at(-offset)?.body as GenerateContentBody | undefined)?.contents ?? [];

describe('Gemini CLI 0.61.0 over ACP, offline against the fake Gemini API', () => {
  it('handshake: advertises auth methods, loadSession, modes and models, and calls no model', async () => {
    await scenario('handshake', async (context) => {
      const { initialized, session } = await openSession(context);
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
    expect(server.requests).toEqual([]);
  });

  it('prompt: model auto routes first, then streams thinking and text; usage only in _meta.quota', async () => {
    server.enqueueTurn({
      parts: [
        { text: '**Planning**\n\nThe user greets me.', thought: true },
        { text: 'Hello ' },
        { text: 'world.' },
      ],
      usage: { promptTokenCount: 12, candidatesTokenCount: 4, thoughtsTokenCount: 3 },
    });
    await scenario('prompt-thinking-text', async (context) => {
      const { agentContext, session } = await openSession(context);
      const response = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Say hello.' }],
      });
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
      expect(textOf(context.acpClient.updates, 'agent_thought_chunk')).toBe(
        '**Planning**\nThe user greets me.',
      );
      expect(textOf(context.acpClient.updates, 'agent_message_chunk')).toBe('Hello world.');
      expect(
        updatesOf(context.acpClient.updates).some(
          (update) => update.sessionUpdate === 'usage_update',
        ),
      ).toBe(false);
    });
    expect(
      server.requests.map((request) => request.path.replace(/models\/[^:]+/, 'models/*')),
    ).toEqual(['/v1beta/models/*:generateContent', '/v1beta/models/*:streamGenerateContent']);
    expect(server.streamRequests()[0]?.query).toEqual({ alt: 'sse' });
    expect(server.streamRequests()[0]?.headers['x-goog-api-key']).toBe('fake-gemini-key');
    expect(lastContents().at(-1)?.parts.at(-1)).toEqual({ text: 'Say hello.' });
  });

  it('permission allow: request_permission (id 0) with no tool_call first, then the file is written', async () => {
    await scenario('permission-allow', async (context) => {
      const { agentContext, session } = await openSession(context);
      const target = join(context.agent.workDirectory, 'hello.txt');
      server.enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'hi\n' } } },
        ],
      });
      server.enqueueTurn({ parts: [{ text: 'Wrote hello.txt.' }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      const response = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Write hello.txt' }],
      });
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
      expect(transcriptIndex(context.acpClient, isUpdateOfKind('tool_call'))).toBe(-1);
      const updates = updatesOf(context.acpClient.updates);
      const completed = updates.find((update) => update.sessionUpdate === 'tool_call_update');
      expect(completed).toMatchObject({
        toolCallId: permission?.toolCall.toolCallId,
        status: 'completed',
      });
      expect(textOf(context.acpClient.updates, 'agent_message_chunk')).toBe('Wrote hello.txt.');
    });
    const functionResponse = lastContents().at(-1)?.parts[0] as {
      functionResponse: { name: string; id: string; response: unknown };
    };
    expect(functionResponse.functionResponse.name).toBe('write_file');
  });

  it('permission reject: no tool_call_update, the file is not written, the turn continues', async () => {
    await scenario('permission-reject', async (context) => {
      const { agentContext, session } = await openSession(context);
      const target = join(context.agent.workDirectory, 'denied.txt');
      server.enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'no\n' } } },
        ],
      });
      server.enqueueTurn({ parts: [{ text: 'Understood, not writing it.' }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'reject_once'),
      );
      const response = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Write denied.txt' }],
      });
      expect(response.stopReason).toBe('end_turn');
      expect(existsSync(target)).toBe(false);
      expect(context.acpClient.permissionRequests).toHaveLength(1);
      const kinds = updatesOf(context.acpClient.updates).map((update) => update.sessionUpdate);
      expect(kinds).not.toContain('tool_call');
      expect(kinds).not.toContain('tool_call_update');
      expect(textOf(context.acpClient.updates, 'agent_message_chunk')).toBe(
        'Understood, not writing it.',
      );
    });
    expect(lastContents().at(-1)?.parts[0]).toMatchObject({
      functionResponse: {
        name: 'write_file',
        response: { error: 'Tool "write_file" was canceled by the user.' },
      },
    });
  });

  it('cancel during a long stream: the prompt resolves cancelled and the next prompt works', async () => {
    await scenario('cancel', async (context) => {
      const { agentContext, session } = await openSession(context);
      server.enqueueTurn({ parts: [{ text: 'Counting: 1, ' }, { text: '2, ' }], hold: true });
      const prompt = agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Count forever.' }],
      });
      await context.acpClient.waitForUpdate(
        (notification) => notification.update.sessionUpdate === 'agent_message_chunk',
      );
      await agentContext.notify('session/cancel', { sessionId: session.sessionId });
      expect(await prompt).toEqual({ stopReason: 'cancelled' });

      server.enqueueTurn({ parts: [{ text: 'Back again.' }] });
      const next = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Say something.' }],
      });
      expect(next.stopReason).toBe('end_turn');
    });
    // The cancelled turn is dropped from the history sent with the next request.
    const texts = JSON.stringify(lastContents());
    expect(texts).not.toContain('Count forever.');
    expect(texts).toContain('Say something.');
  });

  it('cancel with a permission pending: the prompt waits for the answer, then ends cancelled', async () => {
    await scenario('cancel-pending-permission', async (context) => {
      const { agentContext, session } = await openSession(context);
      const target = join(context.agent.workDirectory, 'pending.txt');
      server.enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'x' } } },
        ],
      });
      let answer: (response: RequestPermissionResponse) => void = () => {};
      context.acpClient.respondToPermissions(
        () => new Promise<RequestPermissionResponse>((resolve) => (answer = resolve)),
      );
      const prompt = agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Write pending.txt' }],
      });
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

  it('set_mode answers with a [MODE_UPDATE] chunk; set_model drops routing; no set_config_option', async () => {
    await scenario('modes-models', async (context) => {
      const { agentContext, session } = await openSession(context);
      const sessionId = session.sessionId;
      expect(
        await agentContext.request('session/set_mode', { sessionId, modeId: 'autoEdit' }),
      ).toEqual({});
      const modeChunk = transcriptIndex(
        context.acpClient,
        (message) =>
          isUpdateOfKind('agent_message_chunk')(message) &&
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
      server.enqueueTurn({
        parts: [
          { functionCall: { name: 'write_file', args: { file_path: target, content: 'auto\n' } } },
        ],
      });
      server.enqueueTurn({ parts: [{ text: 'Done.' }] });
      await agentContext.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'Write auto.txt' }],
      });
      expect(readFileSync(target, 'utf8')).toBe('auto\n');
      expect(context.acpClient.permissionRequests).toEqual([]);
      const toolUpdates = updatesOf(context.acpClient.updates).filter(
        (update) =>
          update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update',
      );
      expect(
        toolUpdates.map((update) => [
          update.sessionUpdate,
          'status' in update ? update.status : undefined,
        ]),
      ).toEqual([
        ['tool_call', 'in_progress'],
        ['tool_call_update', 'completed'],
      ]);
    });
    expect(server.generateRequests()).toEqual([]);
    expect(server.streamRequests().map((request) => request.path)).toEqual([
      '/v1beta/models/gemini-2.5-pro:streamGenerateContent',
      '/v1beta/models/gemini-2.5-pro:streamGenerateContent',
    ]);
  });

  it('session/load in a second process replays the history, then the conversation continues', async () => {
    server.enqueueTurn({ parts: [{ text: 'Remembered: the answer is 42.' }] });
    const first = await scenario(
      'session-load-first',
      async (context) => {
        const { agentContext, session } = await openSession(context);
        await agentContext.request('session/prompt', {
          sessionId: session.sessionId,
          prompt: [{ type: 'text', text: 'Remember 42.' }],
        });
        return { sessionId: session.sessionId, ...context.agent };
      },
      { model: 'gemini-2.5-pro' },
      true,
    );
    // Quirk: a chat file is named session-<minute>-<id8>.jsonl. Loading in the same minute makes the
    // new process open a file of the same name, which hides the history ("No previous sessions
    // found for this project."). Backdate the file so the test does not depend on the clock.
    const chats = join(first.homeDirectory, '.gemini', 'tmp');
    for (const project of readdirSync(chats)) {
      const directory = join(chats, project, 'chats');
      if (!existsSync(directory)) continue;
      for (const file of readdirSync(directory)) {
        renameSync(
          join(directory, file),
          join(directory, file.replace(/^session-[\dT-]{16}-/, 'session-2026-01-01T00-00-')),
        );
      }
    }

    server.enqueueTurn({ parts: [{ text: 'It was 42.' }] });
    await scenario(
      'session-load',
      async (context) => {
        await initialize(context);
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
        expect(textOf(context.acpClient.updates, 'user_message_chunk')).toContain('Remember 42.');
        const response = await agentContext.request('session/prompt', {
          sessionId: first.sessionId,
          prompt: [{ type: 'text', text: 'What was it?' }],
        });
        expect(response.stopReason).toBe('end_turn');
      },
      {
        model: 'gemini-2.5-pro',
        homeDirectory: first.homeDirectory,
        workDirectory: first.workDirectory,
      },
    );
    const history = JSON.stringify(lastContents());
    expect(history).toContain('Remember 42.');
    expect(history).toContain('Remembered: the answer is 42.');
    expect(history).toContain('What was it?');
  });

  it('API error: an HTTP 400 becomes a session/prompt JSON-RPC error whose code is the status', async () => {
    server.enqueueError({
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
    });
    await scenario(
      'api-error',
      async (context) => {
        const { agentContext, session } = await openSession(context);
        const error = await agentContext
          .request('session/prompt', {
            sessionId: session.sessionId,
            prompt: [{ type: 'text', text: 'Fail please.' }],
          })
          .then(
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
