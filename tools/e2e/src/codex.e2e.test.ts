import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionNotification } from '@agentclientprotocol/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectPermissionOption } from './acp-test-client.js';
import type { FakeOpenAiServer } from './fake-openai-server.js';
import { startFakeOpenAiServer } from './fake-openai-server.js';
import type { LaunchCodexOptions } from './launch-codex.js';
import { launchCodex } from './launch-codex.js';
import type { ScenarioContext } from './run-agent-scenario.js';
import { recordTranscripts, runAgentScenario } from './run-agent-scenario.js';

let server: FakeOpenAiServer;

beforeEach(async () => {
  server = await startFakeOpenAiServer();
});

afterEach(async () => {
  expect(server.unscripted).toEqual([]);
  await server.close();
});

async function scenario<T>(
  name: string,
  body: (context: ScenarioContext) => Promise<T>,
  launchOptions: Omit<LaunchCodexOptions, 'serverUrl'> = {},
  keepDirectories = false,
): Promise<T> {
  const agent = await launchCodex({ serverUrl: server.url, ...launchOptions });
  return runAgentScenario(
    { name: `codex-${name}`, server, agent, recordTranscript: recordTranscripts, keepDirectories },
    body,
  );
}

async function initialize({ acpClient }: ScenarioContext) {
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
  return { agentContext: context.acpClient.connection.agent, initialized, session };
}

/** `session/new` / `session/load` results with the unstable `models` field (Gemini). */
type WithModels = {
  models?: { currentModelId: string; availableModels: { modelId: string }[] } | null;
};

const updatesOf = (updates: readonly SessionNotification[]) =>
  updates.map((notification) => notification.update);

const turnKinds = (updates: readonly SessionNotification[]) =>
  updatesOf(updates)
    .map((update) => update.sessionUpdate)
    .filter((kind) => kind !== 'available_commands_update' && kind !== 'usage_update');

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

type ResponsesBody = {
  model: string;
  stream: boolean;
  reasoning?: { effort?: string; summary?: string };
  input: { type: string; role?: string; call_id?: string; output?: string; content?: unknown }[];
};

const responsesBody = (offset = 1) => server.responseRequests().at(-offset)?.body as ResponsesBody;

describe('codex-acp 0.16.0 over ACP, offline against the fake Responses API', () => {
  it('handshake: advertises auth methods, session capabilities, modes and config options', async () => {
    await scenario('handshake', async (context) => {
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
    expect(server.requests).toEqual([]);
  });

  it('prompt: reasoning summary and text streamed, usage_update after the response, none in the result', async () => {
    server.enqueueTurn({
      items: [
        { type: 'reasoning', summary: ['**Greeting**\n\nThe user says hi.'] },
        { type: 'message', deltas: ['Hello ', 'world.'] },
      ],
      usage: { inputTokens: 1200, outputTokens: 30, cachedTokens: 200, reasoningTokens: 10 },
    });
    await scenario('prompt-thinking-text', async (context) => {
      const { agentContext, session } = await openSession(context);
      const response = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Say hello.' }],
      });
      expect(response).toEqual({ stopReason: 'end_turn' });
      expect(turnKinds(context.acpClient.updates)).toEqual([
        'agent_thought_chunk',
        'agent_thought_chunk',
        'agent_message_chunk',
        'agent_message_chunk',
      ]);
      // Each summary part is preceded by a separate "\n\n" thought chunk.
      expect(textOf(context.acpClient.updates, 'agent_thought_chunk')).toBe(
        '\n\n**Greeting**\n\nThe user says hi.',
      );
      expect(textOf(context.acpClient.updates, 'agent_message_chunk')).toBe('Hello world.');
      const usage = updatesOf(context.acpClient.updates).filter(
        (update) => update.sessionUpdate === 'usage_update',
      );
      expect(usage.length).toBeGreaterThan(0);
      expect(usage[0]).toMatchObject({ used: 1230, size: expect.any(Number) });
    });
    const body = responsesBody();
    expect(server.responseRequests()[0]?.headers.authorization).toBe('Bearer fake-openai-key');
    expect(body).toMatchObject({
      model: 'gpt-5.3-codex',
      stream: true,
      reasoning: { summary: 'detailed' },
    });
    expect(JSON.stringify(body.input.at(-1))).toContain('Say hello.');
  });

  it('exec_command allowed: request_permission comes before tool_call, then the command runs', async () => {
    await scenario('permission-exec-allow', async (context) => {
      const { agentContext, session } = await openSession(context);
      server.enqueueTurn({
        items: [
          {
            type: 'function_call',
            name: 'exec_command',
            arguments: {
              cmd: 'echo hi > shell.txt',
              sandbox_permissions: 'require_escalated',
              justification: 'Create shell.txt',
            },
            callId: 'call_exec',
          },
        ],
      });
      server.enqueueTurn({ items: [{ type: 'message', deltas: ['Created shell.txt.'] }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      const response = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Create shell.txt' }],
      });
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
      const permissionIndex = context.acpClient.transcript.findIndex(
        (entry) => (entry.message as { method?: string }).method === 'session/request_permission',
      );
      const permissionMessage = context.acpClient.transcript[permissionIndex]?.message;
      // Agent-to-client request ids are UUID strings here (Gemini counts from 0).
      expect(typeof (permissionMessage as { id?: unknown } | undefined)?.id).toBe('string');
      const toolCallIndex = context.acpClient.transcript.findIndex((entry) =>
        JSON.stringify(entry.message).includes('"sessionUpdate":"tool_call"'),
      );
      expect(toolCallIndex).toBeGreaterThan(permissionIndex);
      const tools = updatesOf(context.acpClient.updates).filter(
        (update) =>
          update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update',
      );
      expect(
        tools.map((update) => [
          update.sessionUpdate,
          'status' in update ? update.status : undefined,
        ]),
      ).toEqual([
        ['tool_call', 'in_progress'],
        ['tool_call_update', 'completed'],
      ]);
      expect(textOf(context.acpClient.updates, 'agent_message_chunk')).toBe('Created shell.txt.');
    });
    const output = responsesBody().input.find((item) => item.type === 'function_call_output');
    expect(output?.call_id).toBe('call_exec');
  });

  it('exec_command rejected (abort): the whole turn ends cancelled with no tool_call at all', async () => {
    await scenario('permission-exec-reject', async (context) => {
      const { agentContext, session } = await openSession(context);
      server.enqueueTurn({
        items: [
          {
            type: 'function_call',
            name: 'exec_command',
            arguments: {
              cmd: 'echo no > denied.txt',
              sandbox_permissions: 'require_escalated',
              justification: 'Create denied.txt',
            },
            callId: 'call_denied',
          },
        ],
      });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'reject_once'),
      );
      const response = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Create denied.txt' }],
      });
      expect(response).toEqual({ stopReason: 'cancelled' });
      expect(existsSync(join(context.agent.workDirectory, 'denied.txt'))).toBe(false);
      expect(turnKinds(context.acpClient.updates)).toEqual([]);

      server.enqueueTurn({ items: [{ type: 'message', deltas: ['OK, I will not.'] }] });
      const next = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Never mind.' }],
      });
      expect(next.stopReason).toBe('end_turn');
    });
    expect(server.responseRequests()).toHaveLength(2);
  });

  it('read-only: a command the sandbox denies sends no tool_call and no permission request', async () => {
    await scenario('sandbox-denied', async (context) => {
      const { agentContext, session } = await openSession(context);
      server.enqueueTurn({
        items: [
          {
            type: 'function_call',
            name: 'exec_command',
            arguments: { cmd: 'touch made.txt' },
            callId: 'call_sandboxed',
          },
        ],
      });
      server.enqueueTurn({ items: [{ type: 'message', deltas: ['The sandbox refused.'] }] });
      const response = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Create made.txt' }],
      });
      expect(response.stopReason).toBe('end_turn');
      expect(existsSync(join(context.agent.workDirectory, 'made.txt'))).toBe(false);
      expect(context.acpClient.permissionRequests).toEqual([]);
      expect(turnKinds(context.acpClient.updates)).toEqual(['agent_message_chunk']);
    });
    const output = responsesBody().input.find((item) => item.type === 'function_call_output');
    expect(output?.output).toContain('Read-only file system');
  });

  it('apply_patch allowed: tool_call comes first, then request_permission, then the file exists', async () => {
    await scenario('permission-patch-allow', async (context) => {
      const { agentContext, session } = await openSession(context);
      server.enqueueTurn({
        items: [
          {
            type: 'custom_tool_call',
            name: 'apply_patch',
            input: '*** Begin Patch\n*** Add File: patched.txt\n+patched\n*** End Patch\n',
            callId: 'call_patch',
          },
        ],
      });
      server.enqueueTurn({ items: [{ type: 'message', deltas: ['Patched.'] }] });
      context.acpClient.respondToPermissions((request) =>
        selectPermissionOption(request, 'allow_once'),
      );
      await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Add patched.txt' }],
      });
      const target = join(context.agent.workDirectory, 'patched.txt');
      expect(readFileSync(target, 'utf8')).toBe('patched\n');
      const order = context.acpClient.transcript
        .map(
          (entry) =>
            entry.message as { method?: string; params?: { update?: { sessionUpdate?: string } } },
        )
        .map((message) => message.params?.update?.sessionUpdate ?? message.method)
        .filter(
          (name) =>
            name === 'tool_call' ||
            name === 'session/request_permission' ||
            name === 'tool_call_update',
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

  it('cancel during a long stream: the prompt resolves cancelled and the next prompt works', async () => {
    await scenario('cancel', async (context) => {
      const { agentContext, session } = await openSession(context);
      server.enqueueTurn({
        items: [{ type: 'message', deltas: ['Counting: 1, ', '2, '] }],
        hold: true,
      });
      const prompt = agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Count forever.' }],
      });
      await context.acpClient.waitForUpdate(
        (notification) => notification.update.sessionUpdate === 'agent_message_chunk',
      );
      await agentContext.notify('session/cancel', { sessionId: session.sessionId });
      expect(await prompt).toEqual({ stopReason: 'cancelled' });

      server.enqueueTurn({ items: [{ type: 'message', deltas: ['Back again.'] }] });
      const next = await agentContext.request('session/prompt', {
        sessionId: session.sessionId,
        prompt: [{ type: 'text', text: 'Say something.' }],
      });
      expect(next.stopReason).toBe('end_turn');
    });
    expect(JSON.stringify(responsesBody().input)).toContain('Say something.');
  });

  it('set_mode and set_config_option (mode, model, reasoning_effort); auto mode runs commands sandboxed', async () => {
    await scenario('modes-config', async (context) => {
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

      server.enqueueTurn({
        items: [
          {
            type: 'function_call',
            name: 'exec_command',
            arguments: { cmd: 'echo auto > auto.txt' },
            callId: 'call_auto',
          },
        ],
      });
      server.enqueueTurn({ items: [{ type: 'message', deltas: ['Done.'] }] });
      await agentContext.request('session/prompt', {
        sessionId,
        prompt: [{ type: 'text', text: 'Create auto.txt' }],
      });
      expect(readFileSync(join(context.agent.workDirectory, 'auto.txt'), 'utf8')).toBe('auto\n');
      expect(context.acpClient.permissionRequests).toEqual([]);
    });
    expect(responsesBody()).toMatchObject({ model: 'gpt-5.4', reasoning: { effort: 'high' } });
  });

  it('session/resume and session/load in later processes continue the conversation', async () => {
    server.enqueueTurn({ items: [{ type: 'message', deltas: ['Remembered: 42.'] }] });
    const first = await scenario(
      'session-resume-first',
      async (context) => {
        const { agentContext, session } = await openSession(context);
        await agentContext.request('session/prompt', {
          sessionId: session.sessionId,
          prompt: [{ type: 'text', text: 'Remember 42.' }],
        });
        return { sessionId: session.sessionId, ...context.agent };
      },
      {},
      true,
    );
    const directories = { homeDirectory: first.homeDirectory, workDirectory: first.workDirectory };

    server.enqueueTurn({ items: [{ type: 'message', deltas: ['It was 42.'] }] });
    await scenario(
      'session-resume',
      async (context) => {
        await initialize(context);
        const agentContext = context.acpClient.connection.agent;
        const resumed = await agentContext.request('session/resume', {
          sessionId: first.sessionId,
          cwd: first.workDirectory,
          mcpServers: [],
        });
        expect(resumed.modes?.currentModeId).toBeDefined();
        expect(turnKinds(context.acpClient.updates)).toEqual([]);
        const response = await agentContext.request('session/prompt', {
          sessionId: first.sessionId,
          prompt: [{ type: 'text', text: 'What was it?' }],
        });
        expect(response.stopReason).toBe('end_turn');
      },
      directories,
      true,
    );
    const resumedInput = JSON.stringify(responsesBody().input);
    expect(resumedInput).toContain('Remember 42.');
    expect(resumedInput).toContain('Remembered: 42.');

    await scenario(
      'session-load',
      async (context) => {
        await initialize(context);
        const agentContext = context.acpClient.connection.agent;
        await agentContext.request('session/load', {
          sessionId: first.sessionId,
          cwd: first.workDirectory,
          mcpServers: [],
        });
        await context.acpClient.waitForUpdate((notification) =>
          JSON.stringify(notification.update).includes('It was 42.'),
        );
        expect(textOf(context.acpClient.updates, 'user_message_chunk')).toContain('What was it?');
        expect(textOf(context.acpClient.updates, 'agent_message_chunk')).toContain(
          'Remembered: 42.',
        );
      },
      directories,
    );
  });

  it('API error: an HTTP 400 from the Responses API becomes a session/prompt JSON-RPC error', async () => {
    server.enqueueError({ status: 400, message: 'Invalid value for reasoning.effort.' });
    await scenario('api-error', async (context) => {
      const { agentContext, session } = await openSession(context);
      const outcome = await agentContext
        .request('session/prompt', {
          sessionId: session.sessionId,
          prompt: [{ type: 'text', text: 'Fail please.' }],
        })
        .then(
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
    expect(server.responseRequests()).toHaveLength(1);
  });
});
