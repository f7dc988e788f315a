import { describe, expect, it } from 'vitest';
import { createHarness, shapeOf } from '../__fixtures__/bridge-harness.js';
import { authRequired, codexLikeBackend, signInHarness } from '../__fixtures__/sign-in-agent.js';

describe('sign-in during the handshake', () => {
  it('seed#11 H-20 AU-08 an authenticate error fails with an error answer and an error result', () => {
    const harness = signInHarness([{ id: 'oauth-personal', name: 'Google' }], {
      script: {
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

  it('seed#14 AU-08 AU-11 when every method fails the reason lists each failure and auth-finished is raised once', () => {
    const harness = signInHarness(
      [
        { id: 'oauth-personal', name: 'Google' },
        { id: 'gemini-api-key', name: 'Key' },
      ],
      {
        script: {
          'session/new': authRequired,
          authenticate: (params) => ({ error: { code: -32603, message: `no ${params.methodId}` } }),
        },
      },
    );
    harness.initialize();
    const finished = harness.actions.filter((action) => action.type === 'auth-finished');
    expect(finished).toHaveLength(1);
    const reason = harness.linesOf('result')[0]?.result as string;
    expect(reason).toContain('Google: no oauth-personal (code -32603)');
    expect(reason).toContain('Key: no gemini-api-key (code -32603)');
  });

  it('seed#17 AU-10 AU-11 a terminal-only method is never authenticated; the reason names its command', () => {
    const harness = signInHarness(
      [
        {
          id: 'copilot-login',
          name: 'Log in',
          _meta: {
            'terminal-auth': { command: '/opt/copilot-linux-x64/copilot', args: ['login'] },
          },
        },
      ],
      {
        launch: { agentCommand: '/opt/copilot-linux-x64/copilot' },
        script: {
          'session/new': authRequired,
        },
      },
    );
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
    const harness = signInHarness(
      [
        { id: 'login', name: 'Login', type: 'terminal', args: ['login'] },
        { id: 'browser', name: 'Browser' },
      ],
      {
        launch: { agentCommand: '/home/me/.local/bin/kimi' },
        script: {
          'session/new': authRequired,
          authenticate: { error: { message: 'closed' } },
        },
      },
    );
    harness.initialize();
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual(['browser']);
    const reason = harness.linesOf('result')[0]?.result as string;
    expect(reason).toContain('Browser: closed');
    expect(reason).toContain('run `kimi login` once');
  });

  it('AU-01 with signIn false (doctor) nothing is authenticated: the handshake fails with the sign-in text', () => {
    const harness = signInHarness([{ id: 'chat-gpt', name: 'ChatGPT' }], {
      backend: codexLikeBackend,
      launch: { signIn: false },
      script: {
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
    const harness = signInHarness([{ id: 'oauth-personal', name: 'Google' }], {
      script: {
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
