import type { BackendManifest } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  seedInitializeResult,
  seedSessionResult,
  shapeOf,
} from '../__fixtures__/bridge-harness.js';

const codexLikeBackend = {
  specificationVersion: 'backend-v1',
  id: 'codex',
  displayName: 'Codex (codex-acp)',
  protocol: 'acp',
  launch: { command: 'codex-acp', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: ['codex-acp'], exitsOnStdinEof: false },
  hints: { login: { command: 'codex', args: ['login'] } },
  auth: { preferredMethodIds: [] },
  quirks: {},
} satisfies BackendManifest;

const authRequired = { error: { code: -32000, message: 'Authentication required' } } as const;

describe('sign-in during the handshake', () => {
  it('seed#9 AU-01 AU-07 auth required authenticates with the first ranked method then retries session/new', () => {
    let attempts = 0;
    const harness = createHarness({
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [
              { id: 'gemini-api-key', name: 'Use Gemini API key' },
              { id: 'oauth-personal', name: 'Log in with Google' },
            ],
          },
        },
        'session/new': () => (++attempts === 1 ? authRequired : { result: seedSessionResult() }),
      },
    });
    harness.initialize();
    expect(harness.lastRequest('authenticate').params).toEqual({ methodId: 'oauth-personal' });
    expect(harness.sent('session/new')).toHaveLength(2);
    expect(harness.actions).toContainEqual({
      type: 'auth-started',
      methodId: 'oauth-personal',
      methodName: 'Log in with Google',
    });
    expect(harness.actions).toContainEqual({ type: 'auth-finished', success: true });
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
  });

  it('seed#10 AU-05 a configured auth method wins when offered', () => {
    let attempts = 0;
    const harness = createHarness({
      launch: { authMethodId: 'gemini-api-key' },
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [
              { id: 'oauth-personal', name: 'Log in with Google' },
              { id: 'gemini-api-key', name: 'Use Gemini API key' },
            ],
          },
        },
        'session/new': () => (++attempts === 1 ? authRequired : { result: seedSessionResult() }),
      },
    });
    harness.initialize();
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'gemini-api-key',
    ]);
  });

  it('seed#11 H-20 AU-08 an authenticate error fails with an error answer and an error result', () => {
    const harness = createHarness({
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [{ id: 'oauth-personal', name: 'Google' }],
          },
        },
        'session/new': authRequired,
        authenticate: { error: { code: -32603, message: 'browser closed' } },
      },
    });
    harness.initialize();
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/error',
      'result/error_during_execution',
    ]);
    expect(harness.clientLines[0]?.response.error).toContain('browser closed (code -32603)');
    expect(harness.clientLines[1]).toMatchObject({
      is_error: true,
      stop_reason: 'handshake_failed',
    });
    expect(harness.actions.filter((action) => action.type === 'auth-finished')).toEqual([
      { type: 'auth-finished', success: false, error: expect.stringContaining('browser closed') },
    ]);
    expect(harness.actions.at(-1)).toEqual({
      type: 'stop-agent',
      reason: expect.stringContaining('sign-in failed'),
    });
  });

  it('seed#12 AU-06 the codex method order prefers the ChatGPT login over an API key', () => {
    let attempts = 0;
    const harness = createHarness({
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [
              { id: 'api-key', name: 'API key' },
              { id: 'chat-gpt', name: 'ChatGPT' },
              { id: 'chat-gpt-device-code', name: 'ChatGPT device code' },
              { id: 'gateway', name: 'Gateway' },
            ],
          },
        },
        'session/new': () => (++attempts === 1 ? authRequired : { result: seedSessionResult() }),
      },
    });
    harness.initialize();
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual(['chat-gpt']);
  });

  // codex-acp 0.16 (tools/e2e/transcripts/codex-handshake.jsonl).
  const codexAuthMethods = [
    {
      id: 'chatgpt',
      name: 'Login with ChatGPT',
      description: 'Use your ChatGPT login with Codex CLI (requires a paid ChatGPT subscription)',
    },
    {
      type: 'env_var',
      id: 'codex-api-key',
      name: 'Use CODEX_API_KEY',
      description: 'Requires setting the `CODEX_API_KEY` environment variable.',
      vars: [{ name: 'CODEX_API_KEY' }],
    },
    {
      type: 'env_var',
      id: 'openai-api-key',
      name: 'Use OPENAI_API_KEY',
      description: 'Requires setting the `OPENAI_API_KEY` environment variable.',
      vars: [{ name: 'OPENAI_API_KEY' }],
    },
  ];

  function codexAuthHarness(
    environmentVariableNames: readonly string[] | undefined,
    failChatGpt = true,
  ) {
    return createHarness({
      backend: codexLikeBackend,
      launch: environmentVariableNames !== undefined ? { environmentVariableNames } : {},
      script: {
        initialize: { result: { ...seedInitializeResult(), authMethods: codexAuthMethods } },
        'session/new': authRequired,
        authenticate: (params) =>
          params.methodId === 'chatgpt' && failChatGpt
            ? { error: { code: -32603, message: 'login required' } }
            : { error: { code: -32603, message: 'missing key' } },
      },
    });
  }

  it('AU-13 env_var methods whose variables are all unset are skipped and named in the reason', () => {
    const harness = codexAuthHarness(['PATH', 'HOME']);
    harness.initialize();
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual(['chatgpt']);
    const finished = harness.actions.filter((action) => action.type === 'auth-finished');
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ success: false });
    const error = finished[0]?.type === 'auth-finished' ? (finished[0].error ?? '') : '';
    expect(error).toContain('Use CODEX_API_KEY: CODEX_API_KEY not set');
    expect(error).toContain('Use OPENAI_API_KEY: OPENAI_API_KEY not set');
    expect(error).toContain('Login with ChatGPT: login required');
  });

  it('AU-13 an env_var method whose variable is set is tried; unknown names try every method', () => {
    const withKey = codexAuthHarness(['OPENAI_API_KEY']);
    withKey.initialize();
    expect(withKey.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'chatgpt',
      'openai-api-key',
    ]);
    const unknown = codexAuthHarness(undefined);
    unknown.initialize();
    expect(unknown.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'chatgpt',
      'codex-api-key',
      'openai-api-key',
    ]);
  });

  it('seed#13 AU-07 after a failure the next method is tried with a new request id', () => {
    let attempts = 0;
    const harness = createHarness({
      launch: { authMethodId: 'api-key' },
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [
              { id: 'api-key', name: 'API key' },
              { id: 'chat-gpt', name: 'ChatGPT' },
            ],
          },
        },
        'session/new': () => (++attempts === 1 ? authRequired : { result: seedSessionResult() }),
        authenticate: (params) =>
          params.methodId === 'api-key'
            ? { error: { code: -32603, message: 'Missing API key' } }
            : { result: {} },
      },
    });
    harness.initialize();
    const tries = harness.sent('authenticate');
    expect(tries.map((line) => line.params.methodId)).toEqual(['api-key', 'chat-gpt']);
    expect(tries[0]?.id).not.toBe(tries[1]?.id);
    expect(
      harness.actions
        .filter((action) => action.type === 'auth-started')
        .map((action) => action.type === 'auth-started' && action.methodId),
    ).toEqual(['api-key', 'chat-gpt']);
    expect(harness.actions.filter((action) => action.type === 'auth-finished')).toEqual([
      { type: 'auth-finished', success: true },
    ]);
    expect(harness.linesOf('system', 'init')).toHaveLength(1);
  });

  it('seed#14 AU-08 AU-11 when every method fails the reason lists each failure and auth-finished is raised once', () => {
    const harness = createHarness({
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [
              { id: 'oauth-personal', name: 'Google' },
              { id: 'gemini-api-key', name: 'Key' },
            ],
          },
        },
        'session/new': authRequired,
        authenticate: (params) => ({ error: { code: -32603, message: `no ${params.methodId}` } }),
      },
    });
    harness.initialize();
    const finished = harness.actions.filter((action) => action.type === 'auth-finished');
    expect(finished).toHaveLength(1);
    const reason = harness.linesOf('result')[0]?.result as string;
    expect(reason).toContain('Google: no oauth-personal (code -32603)');
    expect(reason).toContain('Key: no gemini-api-key (code -32603)');
  });

  it('seed#17 AU-10 AU-11 a terminal-only method is never authenticated; the reason names its command', () => {
    const harness = createHarness({
      launch: { agentCommand: '/opt/copilot-linux-x64/copilot' },
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [
              {
                id: 'copilot-login',
                name: 'Log in',
                _meta: {
                  'terminal-auth': { command: '/opt/copilot-linux-x64/copilot', args: ['login'] },
                },
              },
            ],
          },
        },
        'session/new': authRequired,
      },
    });
    harness.initialize();
    expect(harness.sent('authenticate')).toEqual([]);
    expect(harness.actions.some((action) => action.type === 'auth-started')).toBe(false);
    expect(harness.actions.filter((action) => action.type === 'auth-finished')).toHaveLength(1);
    expect(harness.clientLines[0]?.response.error).toContain('`copilot login`');
    expect(harness.linesOf('result')[0]?.result).toContain('`copilot login`');
  });

  it('seed#18 AU-03 auth required with no methods fails once as a sign-in failure', () => {
    const harness = createHarness({
      backend: { ...codexLikeBackend, hints: { login: { command: 'auggie', args: ['login'] } } },
      script: {
        'session/new': {
          error: {
            code: -32000,
            message:
              'Auggie does not currently support authenticating over ACP. Please run `auggie login`',
          },
        },
      },
    });
    harness.initialize();
    expect(harness.sent('authenticate')).toEqual([]);
    expect(harness.actions.filter((action) => action.type === 'auth-finished')).toEqual([
      {
        type: 'auth-finished',
        success: false,
        error: expect.stringContaining('no sign-in method over ACP'),
      },
    ]);
    expect(harness.linesOf('result')[0]?.result).toContain('`auggie login`');
  });

  it('seed#19 AU-04 mixed methods: the browser one is tried, then the terminal command is named', () => {
    const harness = createHarness({
      launch: { agentCommand: '/home/me/.local/bin/kimi' },
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [
              { id: 'login', name: 'Login', type: 'terminal', args: ['login'] },
              { id: 'browser', name: 'Browser' },
            ],
          },
        },
        'session/new': authRequired,
        authenticate: { error: { message: 'closed' } },
      },
    });
    harness.initialize();
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual(['browser']);
    const reason = harness.linesOf('result')[0]?.result as string;
    expect(reason).toContain('Browser: closed');
    expect(reason).toContain('run `kimi login` once');
  });

  it('AU-01 with signIn false (doctor) nothing is authenticated: the handshake fails with the sign-in text', () => {
    const harness = createHarness({
      backend: codexLikeBackend,
      launch: { signIn: false },
      script: {
        initialize: {
          result: { ...seedInitializeResult(), authMethods: [{ id: 'chat-gpt', name: 'ChatGPT' }] },
        },
        'session/new': authRequired,
      },
    });
    harness.initialize();
    expect(harness.sent('authenticate')).toEqual([]);
    const reason =
      "sign-in required (Authentication required (code -32000)); this run does not sign in. Sign in with the agent's own CLI: run `codex login` once, then start again.";
    expect(harness.actions.filter((action) => action.type.startsWith('auth-'))).toEqual([
      { type: 'auth-finished', success: false, error: reason },
    ]);
    expect(harness.clientLines.map(shapeOf)).toEqual([
      'control_response/error',
      'result/error_during_execution',
    ]);
    expect(harness.clientLines[0]?.response.error).toBe(reason);
  });

  it('AU-09 the session/new after a successful authenticate is not auth-retried', () => {
    const harness = createHarness({
      script: {
        initialize: {
          result: {
            ...seedInitializeResult(),
            authMethods: [{ id: 'oauth-personal', name: 'Google' }],
          },
        },
        'session/new': authRequired,
      },
    });
    harness.initialize();
    expect(harness.sent('authenticate')).toHaveLength(1);
    expect(harness.sent('session/new')).toHaveLength(2);
    expect(harness.actions.filter((action) => action.type === 'auth-finished')).toEqual([
      { type: 'auth-finished', success: true },
    ]);
    expect(harness.linesOf('result')[0]?.result).toBe(
      'session/new failed: Authentication required (code -32000)',
    );
  });
});
