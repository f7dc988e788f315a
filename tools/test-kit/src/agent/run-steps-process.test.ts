import { describe, expect, it } from 'vitest';
import { driveFakeAgent as driver } from './__fixtures__/drive-fake-agent.js';

describe('fake agent: prompt scripts and steps', () => {
  it('writes raw stdout lines and stderr in script order, then exits on an exit step', async () => {
    const test = driver({
      prompts: [
        {
          steps: [
            { type: 'update', update: { sessionUpdate: 'plan', entries: [] } },
            { type: 'stdout', line: 'Please visit https://example.test/login' },
            { type: 'stderr', text: 'warning: flaky' },
            { type: 'exit', code: 3 },
            { type: 'update', update: { sessionUpdate: 'plan', entries: [] } },
          ],
        },
      ],
    });
    const sessionId = await test.openSession();
    test.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
    await test.agent.drain();
    const lines = test.agent.takeLines();
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] as string).params.update.sessionUpdate).toBe('plan');
    expect(lines[1]).toBe('Please visit https://example.test/login');
    expect(test.agent.stderr).toEqual(['warning: flaky\n']);
    expect(await test.agent.closed).toEqual({ code: 3, signal: null, reason: 'exit-step' });
  });

  it('crashes with a stack on stderr and code 1', async () => {
    const test = driver({ initialize: { steps: [{ type: 'crash', message: 'kaboom' }] } });
    test.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    expect(await test.take()).toEqual([]);
    expect(test.agent.stderr.join('')).toContain('Error: kaboom');
    expect(test.agent.exit).toEqual({ code: 1, signal: null, reason: 'crash-step' });
  });
});
