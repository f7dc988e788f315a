import { describe, expect, it } from 'vitest';
import { shapeOf } from '../__fixtures__/bridge-harness.js';
import { authRequired, codexLikeBackend, signInHarness } from '../__fixtures__/sign-in-agent.js';

describe('sign-in during the handshake', () => {
  it('seed#9 AU-01 AU-07 auth required authenticates with the first ranked method then retries session/new', () => {
    const harness = signInHarness([
      { id: 'gemini-api-key', name: 'Use Gemini API key' },
      { id: 'oauth-personal', name: 'Log in with Google' },
    ]);
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
    const harness = signInHarness(
      [
        { id: 'oauth-personal', name: 'Log in with Google' },
        { id: 'gemini-api-key', name: 'Use Gemini API key' },
      ],
      {
        launch: { authMethodId: 'gemini-api-key' },
      },
    );
    harness.initialize();
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'gemini-api-key',
    ]);
  });

  it('seed#12 AU-06 the codex method order prefers the ChatGPT login over an API key', () => {
    const harness = signInHarness([
      { id: 'api-key', name: 'API key' },
      { id: 'chat-gpt', name: 'ChatGPT' },
      { id: 'chat-gpt-device-code', name: 'ChatGPT device code' },
      { id: 'gateway', name: 'Gateway' },
    ]);
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
    return signInHarness(codexAuthMethods, {
      backend: codexLikeBackend,
      launch: environmentVariableNames !== undefined ? { environmentVariableNames } : {},
      script: {
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
    const harness = signInHarness(
      [
        { id: 'api-key', name: 'API key' },
        { id: 'chat-gpt', name: 'ChatGPT' },
      ],
      {
        launch: { authMethodId: 'api-key' },
        script: {
          authenticate: (params) =>
            params.methodId === 'api-key'
              ? { error: { code: -32603, message: 'Missing API key' } }
              : { result: {} },
        },
      },
    );
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
});
