import { describe, expect, it } from 'vitest';
import { noSignInMethodText, signInFailureText } from './sign-in-failure-text.js';

describe('signInFailureText', () => {
  it('AU-11 scenario 16: terminal-only wording names the command and says nothing failed', () => {
    const text = signInFailureText({ failures: [], terminalCommands: ['copilot login'] });
    expect(text).toBe(
      'This agent signs in from a terminal: run `copilot login` once, then start again.',
    );
    expect(text).not.toContain('failed');
  });

  it('AU-11 scenario 16: mixed wording lists failures and joins commands with "or"', () => {
    expect(
      signInFailureText({
        failures: ['Browser: closed'],
        terminalCommands: ['kimi login', 'kimi --login'],
      }),
    ).toBe(
      'sign-in failed for every method the agent offers (Browser: closed). The remaining method must be completed in a terminal: run `kimi login` or `kimi --login` once, then start again.',
    );
  });

  it('AU-11 three commands: commas, then "or" before the last', () => {
    expect(
      signInFailureText({ failures: [], terminalCommands: ['a login', 'b login', 'c login'] }),
    ).toContain('run `a login`, `b login` or `c login` once');
  });

  it('AU-11 scenario 16: without terminal methods it names the backend login command', () => {
    expect(
      signInFailureText({
        failures: ['API key: Missing key (code -32603)', 'ChatGPT: closed'],
        terminalCommands: [],
        loginCommand: 'codex login',
      }),
    ).toBe(
      "sign-in failed for every method the agent offers (API key: Missing key (code -32603); ChatGPT: closed). Sign in with the agent's own CLI: run `codex login` once, then start again.",
    );
  });

  it('AU-11 neutral wording: no panel, no Unity, no Reconnect', () => {
    const texts = [
      signInFailureText({ failures: ['x: y'], terminalCommands: [] }),
      signInFailureText({ failures: [], terminalCommands: ['copilot login'] }),
      noSignInMethodText('Authentication required (code -32000)'),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/panel|Unity|Reconnect|Settings/);
      expect(text).toContain('then start again');
    }
  });

  it('AU-11 de-duplicates repeated terminal commands', () => {
    expect(
      signInFailureText({ failures: [], terminalCommands: ['kimi login', 'kimi login'] }),
    ).toBe('This agent signs in from a terminal: run `kimi login` once, then start again.');
  });
});

describe('noSignInMethodText', () => {
  it('AU-03 scenario 18: names the missing ACP method and keeps the agent text (Auggie)', () => {
    const text = noSignInMethodText(
      'Auggie does not currently support authenticating over ACP. Please run `auggie login` (code -32000)',
    );
    expect(text).toContain('no sign-in method over ACP');
    expect(text).toContain('`auggie login`');
    expect(text).toBe(
      "sign-in required, but the agent offers no sign-in method over ACP (Auggie does not currently support authenticating over ACP. Please run `auggie login` (code -32000)). Sign in to the agent's own CLI once, then start again.",
    );
  });

  it('AU-03 adds the backend login command when there is one', () => {
    expect(noSignInMethodText('Authentication required (code -32000)', 'grok login')).toMatch(
      /run `grok login` once, then start again\.$/,
    );
  });
});
