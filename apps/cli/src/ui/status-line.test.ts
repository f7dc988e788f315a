import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStatusLine } from './status-line.js';

const message = { type: 'client-message', message: { type: 'keep_alive' } } as const;

describe('createStatusLine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (terminal: boolean) => {
    const written: string[] = [];
    const status = createStatusLine({
      agentName: 'Gemini CLI',
      write: (text) => written.push(text),
      terminal,
    });
    return { status, written };
  };

  it('FT-09 on a terminal: which agent, doing what, for how long, what it last said; redrawn in place, cleared by output', () => {
    const { status, written } = start(true);
    vi.advanceTimersByTime(2_000);
    expect(written).toEqual([]);
    status.observe({ type: 'agent-output', stream: 'stderr', line: 'Retrying after 429 ' });
    vi.advanceTimersByTime(2_000);
    expect(written.at(-1)).toBe(
      '\r\u001b[2Kagentbridge: starting Gemini CLI… 4 s; it last said: Retrying after 429',
    );
    status.observe({ type: 'auth-started', methodId: 'oauth', methodName: 'Log in with Google' });
    expect(written.at(-1)).toBe('\r\u001b[2K');
    vi.advanceTimersByTime(5_000);
    expect(written.at(-1)).toContain('signing in to Gemini CLI (Log in with Google)… 5 s');
    status.observe(message);
    vi.advanceTimersByTime(7_000);
    expect(written.at(-1)).toContain('Gemini CLI has been silent for 7 s');
    status.write('agentbridge: note\n');
    expect(written.slice(-2)).toEqual(['\r\u001b[2K', 'agentbridge: note\n']);
    status.stop();
    vi.advanceTimersByTime(60_000);
    expect(written.at(-1)).toBe('agentbridge: note\n');
  });

  it('FT-09 without a terminal (--verbose): plain lines, at most one per 10 s of the same wait', () => {
    const { status, written } = start(false);
    vi.advanceTimersByTime(25_000);
    expect(written).toEqual([
      'agentbridge: starting Gemini CLI… 3 s\n',
      'agentbridge: starting Gemini CLI… 10 s\n',
      'agentbridge: starting Gemini CLI… 20 s\n',
    ]);
    expect(written.join('')).not.toContain('\u001b');
    status.stop();
  });

  it('FT-09 names the agent as it names itself, and any agent message is activity, not silence', () => {
    const { status, written } = start(false);
    const response = {
      protocolVersion: 1,
      agentInfo: { name: 'my-agent', title: 'My Agent', version: '1' },
    };
    status.observe({ type: 'agent-initialized', response });
    status.observe(message);
    for (let second = 0; second < 12; second += 1) {
      vi.advanceTimersByTime(1_000);
      status.activity();
    }
    expect(written).toEqual([]);
    vi.advanceTimersByTime(4_000);
    expect(written).toEqual(['agentbridge: My Agent has been silent for 3 s\n']);
    status.stop();
  });
});
