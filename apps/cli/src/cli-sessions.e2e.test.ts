import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenarioPath } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import {
  fakeAgentArgs as fakeAgent,
  initializeLine,
  jsonLines as lines,
  sdkArgs,
  userLine as user,
} from './__fixtures__/run-cli.js';
import { useCliProject } from './__fixtures__/use-cli-project.js';

const project = useCliProject();
const run = project.run;
const initialize = initializeLine();

describe('agentbridge CLI (real processes, fake ACP agent)', () => {
  it('-p prints the final text (stream-json.md §7)', async () => {
    const result = await run([...fakeAgent(scenarioPath('basic')), '-p', 'say hi']);
    expect(result).toMatchObject({ code: 0, stdout: 'Hello from the fake agent.\n' });
  });

  it('-p --output-format json prints one result line; the prompt may come from stdin', async () => {
    const result = await run(
      [...fakeAgent(scenarioPath('basic')), '-p', '--output-format', 'json'],
      {
        stdin: 'say hi\n',
      },
    );
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([
      expect.objectContaining({
        type: 'result',
        subtype: 'success',
        is_error: false,
        result: 'Hello from the fake agent.',
      }),
    ]);
  });

  it('stream-json mode relays the protocol in order and keeps stdout protocol-only', async () => {
    const result = await run([...sdkArgs, ...fakeAgent(scenarioPath('basic')), '--betas=x'], {
      stdin: `${initialize}\n${user('hi')}\n`,
    });
    expect(result.code).toBe(0);
    // Every stdout line is JSON (lines() parses each); the bridge's exact sequence is its own test.
    const types = lines(result.stdout).map((message) => `${message.type}/${message.subtype ?? ''}`);
    expect(types[0]).toBe('control_response/');
    expect(types.at(-1)).toBe('result/success');
    expect(types.indexOf('system/init')).toBeLessThan(types.indexOf('assistant/'));
    expect(result.stderr).toContain(
      'agentbridge: warning: --betas cannot be honoured by an ACP agent',
    );
    // LM-08: and in-band, in the stream the client reads.
    expect(types).toContain('system/informational');
  });

  it('--continue reopens the last session of this cwd and backend', async () => {
    const scenario = JSON.stringify({
      initialize: { agentCapabilities: { loadSession: true } },
      sessionNew: { sessionId: 'session-from-first-run' },
      sessionLoad: {},
      defaultPrompt: {
        steps: [
          {
            type: 'update',
            update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'ok' } },
          },
        ],
      },
    });
    const first = await run([...fakeAgent(scenario), '-p', 'one']);
    expect(first).toMatchObject({ code: 0, stdout: 'ok\n' });

    const record = join(project.directory, 'second.jsonl');
    const second = await run([
      ...fakeAgent(scenario, record),
      '-p',
      'two',
      '--continue',
      '--output-format',
      'json',
    ]);
    expect(second.code).toBe(0);
    const sent = readFileSync(record, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as {
            direction: string;
            message: { method?: string; params?: { sessionId?: string } };
          },
      )
      .filter(
        (entry) =>
          entry.direction === 'bridge->agent' && entry.message.method?.startsWith('session/'),
      );
    expect(sent[0]?.message).toMatchObject({
      method: 'session/load',
      params: { sessionId: 'session-from-first-run' },
    });
  });

  it('an agent crash ends with exit code 1 and its stderr tail', async () => {
    const scenario = JSON.stringify({
      defaultPrompt: {
        steps: [
          { type: 'stderr', text: 'fake agent: simulated fatal error\n' },
          { type: 'exit', code: 3 },
        ],
      },
    });
    const result = await run([...sdkArgs, ...fakeAgent(scenario)], {
      stdin: `${initialize}\n${user('hi')}\n`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('fake agent: simulated fatal error');
    const messages = lines(result.stdout);
    expect(messages.at(-1)).toMatchObject({ type: 'result', is_error: true });
  });

  it('the claude backend passes argv (minus our options), lines and the exit code through', async () => {
    const fakeClaude = join(project.directory, 'fake-claude.mjs');
    writeFileSync(
      fakeClaude,
      `#!${process.execPath}
import { createInterface } from 'node:readline';
console.log(JSON.stringify({ argv: process.argv.slice(2) }));
for await (const line of createInterface({ input: process.stdin })) console.log(line);
process.stderr.write('fake claude stderr\\n');
process.exitCode = 7;
`,
      { mode: 0o755 },
    );
    const result = await run(
      [
        '--backend',
        'claude',
        '--agent-command',
        fakeClaude,
        ...sdkArgs,
        '--model=opus',
        '--max-turns=2',
      ],
      { stdin: `${user('hi')}\n` },
    );
    expect(result.code).toBe(7);
    expect(lines(result.stdout)).toEqual([
      { argv: [...sdkArgs, '--model=opus', '--max-turns=2'] },
      JSON.parse(user('hi')),
    ]);
    expect(result.stderr).toContain('fake claude stderr');
    expect(result.stderr).not.toContain('note: --max-turns');
  });
});
