import { describe, expect, it } from 'vitest';
import {
  createHarness,
  type Line,
  seedInitializeResult,
  seedSessionResult,
} from '../__fixtures__/bridge-harness.js';
import { authRequired } from '../__fixtures__/sign-in-agent.js';

/**
 * The seed's pure-helper scenarios (§3.1), driven through the whole bridge where the helper has a
 * wire effect: each test feeds client and agent lines and asserts what the bridge writes.
 */

function signInHarness(
  authMethods: Line[],
  options: { agentCommand?: string; loginCommand?: string; authMethodId?: string } = {},
) {
  const harness = createHarness({
    launch: {
      ...(options.agentCommand !== undefined ? { agentCommand: options.agentCommand } : {}),
      ...(options.authMethodId !== undefined ? { authMethodId: options.authMethodId } : {}),
    },
    ...(options.loginCommand !== undefined
      ? {
          backend: {
            specificationVersion: 'backend-v1',
            id: 'codex',
            displayName: 'Codex',
            protocol: 'acp',
            launch: { command: 'codex-acp', args: [] },
            probe: {},
            env: { forward: [], credentials: [] },
            process: { names: [], exitsOnStdinEof: false },
            hints: { login: { command: options.loginCommand, args: ['login'] } },
            auth: { preferredMethodIds: [] },
            quirks: {},
          },
        }
      : {}),
    script: {
      initialize: { result: { ...seedInitializeResult(), authMethods } },
      'session/new': authRequired,
      authenticate: (params) => ({ error: { message: `${params.methodId} failed` } }),
    },
  });
  harness.initialize();
  return { harness, reason: String(harness.linesOf('result')[0]?.result ?? '') };
}

describe('seed pure-helper scenarios through the bridge', () => {
  it('seed#15 AU-10 terminal sign-in commands come from _meta terminal-auth and type terminal, executable paths stripped', () => {
    const { harness, reason } = signInHarness(
      [
        {
          id: 'copilot-login',
          name: 'Copilot',
          _meta: {
            'terminal-auth': { command: '/opt/copilot-linux-x64/copilot', args: ['login'] },
          },
        },
        { id: 'kimi', name: 'Kimi', type: 'terminal', args: ['login'] },
        {
          id: 'openai',
          name: 'Use OpenAI API key',
          _meta: { type: 'terminal', args: ['--auth-type=openai'] },
        },
      ],
      { agentCommand: 'C:\\Users\\me\\kimi.exe' },
    );
    expect(harness.sent('authenticate')).toEqual([]);
    expect(reason).toContain('`copilot login`');
    expect(reason).toContain('`kimi login`');
    expect(reason).toContain('`kimi --auth-type=openai`');
  });

  it('seed#16 AU-11 sign-in reasons: terminal-only wording, mixed wording with "or", and the login-command wording', () => {
    const terminalOnly = signInHarness(
      [{ id: 'login', name: 'Login', type: 'terminal', args: ['login'] }],
      { agentCommand: 'kimi' },
    );
    expect(terminalOnly.reason).not.toContain('failed');
    expect(terminalOnly.reason).toContain('run `kimi login` once, then start again.');
    const mixed = signInHarness(
      [
        { id: 'browser', name: 'Browser' },
        { id: 'a', name: 'A', type: 'terminal', args: ['login'] },
        { id: 'b', name: 'B', type: 'terminal', args: ['--login'] },
      ],
      { agentCommand: 'kimi' },
    );
    expect(mixed.reason).toContain(
      'sign-in failed for every method the agent offers (Browser: browser failed)',
    );
    expect(mixed.reason).toContain('`kimi login` or `kimi --login`');
    const withLogin = signInHarness([{ id: 'chatgpt', name: 'ChatGPT' }], {
      loginCommand: 'codex',
    });
    expect(withLogin.reason).toContain('`codex login`');
    expect(withLogin.reason).not.toContain('Reconnect');
  });

  it('seed#21 AU-05 AU-06 browser logins are tried first, key-like methods last; a configured id first of all', () => {
    const ranked = signInHarness([
      { id: 'gemini-api-key', name: 'Key' },
      { id: 'vertex-ai', name: 'Vertex' },
      { id: 'unknown-a', name: 'A' },
      { id: 'oauth-personal', name: 'Log in with Google' },
      { id: 'unknown-b', name: 'B' },
    ]);
    expect(ranked.harness.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'oauth-personal',
      'unknown-a',
      'unknown-b',
      'gemini-api-key',
      'vertex-ai',
    ]);
    const configured = signInHarness(
      [
        { id: 'oauth-personal', name: 'Google' },
        { id: 'vertex-ai', name: 'Vertex' },
      ],
      { authMethodId: 'vertex-ai' },
    );
    expect(configured.harness.sent('authenticate')[0]?.params).toEqual({ methodId: 'vertex-ai' });
  });

  it('seed#22 AU-13 key and gateway methods are tried last, after account logins, in the agent order', () => {
    const { harness } = signInHarness([
      { id: 'gemini-api-key', name: 'Use Gemini API key' },
      { id: 'gateway', name: 'Gateway' },
      { id: 'oauth-personal', name: 'Log in with Google' },
      { id: 'vertex-ai', name: 'Vertex AI' },
    ]);
    expect(harness.sent('authenticate').map((line) => line.params.methodId)).toEqual([
      'oauth-personal',
      'gemini-api-key',
      'gateway',
      'vertex-ai',
    ]);
  });

  it('seed#23 AU-13 a method is named by its display name, else by its id', () => {
    const { harness } = signInHarness([
      { id: 'oauth-personal', name: 'Log in with Google' },
      { id: 'key' },
    ]);
    expect(
      harness.actions.flatMap((action) =>
        action.type === 'auth-started' ? [action.methodName] : [],
      ),
    ).toEqual(['Log in with Google', 'key']);
  });

  it('AU-12 AU-14 auth-started per attempt, auth-finished once; authenticate carries only the method id', () => {
    const { harness } = signInHarness([
      { id: 'a-login', name: 'A login' },
      { id: 'b-login', name: 'B login' },
    ]);
    expect(harness.actions.filter((action) => action.type === 'auth-started')).toHaveLength(2);
    expect(harness.actions.filter((action) => action.type === 'auth-finished')).toHaveLength(1);
    for (const request of harness.sent('authenticate'))
      expect(Object.keys(request.params)).toEqual(['methodId']);
  });

  it('seed#76 AU-02 auth-required is recognised by code or by an auth/login message', () => {
    const signInFor = (error: Line) => {
      const harness = createHarness({
        script: {
          initialize: {
            result: { ...seedInitializeResult(), authMethods: [{ id: 'oauth', name: 'Login' }] },
          },
          'session/new': (() => {
            let calls = 0;
            return () => (++calls === 1 ? { error } : { result: seedSessionResult() });
          })(),
        },
      });
      harness.initialize();
      return harness.sent('authenticate').length;
    };
    expect(signInFor({ code: -32000, message: 'whatever' })).toBe(1);
    expect(signInFor({ code: -32603, message: 'Please LOGIN first' })).toBe(1);
    expect(signInFor({ code: -32603, message: 'x', data: 'auth token expired' })).toBe(1);
    expect(
      signInFor({ code: -32603, message: 'Configuration value not found: GOOSE_PROVIDER' }),
    ).toBe(0);
  });
});
