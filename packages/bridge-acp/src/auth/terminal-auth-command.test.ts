import { describe, expect, it } from 'vitest';
import { readAuthMethods } from './read-auth-methods.js';
import { terminalAuthCommand } from './terminal-auth-command.js';

const method = (raw: Record<string, unknown>) => {
  const [first] = readAuthMethods([raw] as never);
  if (first === undefined) throw new Error('test method needs an id');
  return first;
};

describe('terminalAuthCommand', () => {
  it('AU-10 scenario 15: _meta["terminal-auth"] names its own command (Copilot)', () => {
    const copilot = method({
      id: 'copilot-login',
      name: 'Log in with GitHub',
      _meta: { 'terminal-auth': { command: '/opt/copilot-linux-x64/copilot', args: ['login'] } },
    });
    expect(terminalAuthCommand(copilot, '/usr/bin/anything')).toBe('copilot login');
  });

  it('AU-10 scenario 15: an empty terminal-auth command falls back to the agent executable (Kimi)', () => {
    const kimi = method({
      id: 'login',
      name: 'Login',
      type: 'terminal',
      _meta: { 'terminal-auth': { command: '', args: ['login'] } },
    });
    expect(terminalAuthCommand(kimi, 'C:\\Users\\me\\kimi.exe')).toBe('kimi login');
  });

  it('AU-10 scenario 15: type terminal takes args from the method (ACP) or from _meta (Qwen)', () => {
    const acp = method({ id: 'login', name: 'Login', type: 'terminal', args: ['--login'] });
    expect(terminalAuthCommand(acp, '/home/me/.local/bin/kimi')).toBe('kimi --login');
    const qwen = method({
      id: 'openai',
      name: 'Use OpenAI API key',
      _meta: { type: 'terminal', args: ['--auth-type=openai'] },
    });
    expect(terminalAuthCommand(qwen, '/usr/local/bin/qwen')).toBe('qwen --auth-type=openai');
  });

  it('AU-10 scenario 15: agent-run and env_var methods are not terminal methods', () => {
    expect(terminalAuthCommand(method({ id: 'oauth-personal', name: 'Google' }), 'gemini')).toBe(
      undefined,
    );
    expect(
      terminalAuthCommand(method({ id: 'k', name: 'Key', type: 'env_var', vars: [] }), 'codex'),
    ).toBeUndefined();
  });

  it('AU-10 scenario 15: a terminal flag with nothing to name is not terminal', () => {
    expect(terminalAuthCommand(method({ id: 'login', name: 'Login', type: 'terminal' }))).toBe(
      undefined,
    );
    expect(
      terminalAuthCommand(
        method({ id: 'login', name: 'Login', _meta: { 'terminal-auth': { args: ['login'] } } }),
      ),
    ).toBeUndefined();
  });

  it('AU-10 non-string and empty args are skipped', () => {
    const odd = method({ id: 'login', name: 'Login', type: 'terminal', args: ['', 3, 'login'] });
    expect(terminalAuthCommand(odd, '/bin/agent.cmd')).toBe('agent login');
  });
});

describe('terminal command file name', () => {
  it.each([
    ['/opt/copilot-linux-x64/copilot', 'copilot'],
    ['C:\\Users\\me\\kimi.exe', 'kimi'],
    ['C:\\npm\\gemini.CMD', 'gemini'],
    ['qwen', 'qwen'],
    ['  /usr/bin/tool.sh ', 'tool.sh'],
  ])('AU-10 normalises %s to %s', (command, expected) => {
    const bare = method({ id: 'login', name: 'Login', type: 'terminal' });
    expect(terminalAuthCommand(bare, command)).toBe(expected);
  });
});
