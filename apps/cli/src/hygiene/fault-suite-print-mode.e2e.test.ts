import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeAgentScenario } from '@agentbridge/test-kit';
import { fakeAcpAgentBinPath } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { runCli } from '../__fixtures__/run-cli.js';
import {
  faultScenarios,
  handshakeTimeoutMs,
  secretArguments,
  secretEnvironment,
  stopSequenceMs,
} from './__fixtures__/fault-scenarios.js';
import { pollFor } from './__fixtures__/process-table.js';
import { slack, useFaultSuite } from './__fixtures__/use-fault-suite.js';

describe.skipIf(process.platform !== 'linux')('the fault suite: misbehaving agents (/proc)', () => {
  const suite = useFaultSuite();
  const { start, agentOf, finished } = suite;

  it.each([
    ['hangsAtInitialize', /within 2000 ms/],
    ['hangsAtSessionNew', /within 2000 ms/],
    [
      'diesAtInitialize',
      /exited \(code 3\) before the ACP handshake finished\. stderr: dying: \*\*\*/,
    ],
    ['diesAtSessionNew', /exited \(code 3\) before the ACP handshake finished/],
    ['diesInPrompt', /exited mid-turn \(code 3\)\. stderr: [\s\S]*dying: \*\*\*/],
  ] as const)(
    'FT-01 X-01 %s: one error result in print mode, exit 1, nothing left',
    async (name, text) => {
      const started = performance.now();
      const bridge = start(faultScenarios[name], { printPrompt: 'hi' });
      const agent = await agentOf(bridge);
      expect(await finished(bridge, agent)).toEqual({ code: 1, signal: null });
      expect(performance.now() - started).toBeLessThan(handshakeTimeoutMs + stopSequenceMs + slack);
      const printed = bridge.messages
        .filter((line) => line.type === 'text')
        .map((line) => line.text);
      expect(printed.join('\n')).toMatch(text);
    },
  );

  it('FT-06 FT-09 print mode: a status line while the agent is silent; Ctrl-C says the run was interrupted', async () => {
    const bridge = start(faultScenarios.hangsInPrompt, { printPrompt: 'work' });
    const agent = await agentOf(bridge);
    expect(
      await pollFor(() => (bridge.stderr().includes('has been silent for') ? true : undefined)),
    ).toBe(true);
    expect(bridge.stderr()).toContain(
      // FT-09: the agent as it names itself in initialize (agentInfo), not the backend's name.
      'agentbridge: fake-acp-agent has been silent for 3 s; it last said: stdout echo: ***',
    );
    bridge.child.kill('SIGINT');
    expect(await finished(bridge, agent)).toEqual({ code: 130, signal: null });
    expect(bridge.stderr()).toContain(
      'agentbridge: interrupted (SIGINT); stopping Custom ACP agent',
    );
    const printed = bridge.messages.map((line) => line.text).join('\n');
    expect(printed).toContain('[Request interrupted by user]');
    expect(printed).not.toContain('exited mid-turn');
  });

  it('FT-10 -p with --await-initialize answers', async () => {
    const bridge = start(faultScenarios.answers, {
      printPrompt: 'hi',
      extraArgs: ['--await-initialize'],
    });
    const agent = await agentOf(bridge);
    expect(await finished(bridge, agent)).toEqual({ code: 0, signal: null });
    expect(bridge.messages).toContainEqual({ type: 'text', text: 'hello there' });
  });

  /** A print-mode run (`-p hi`) of `backend` whose command is the fake agent playing `scenario`. */
  const runPrint = async (
    backend: string,
    scenario: FakeAgentScenario,
    env: Record<string, string> = secretEnvironment,
  ) => {
    const file = join(suite.work, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const agent = ['--agent-command', process.execPath, '--agent-arg', fakeAcpAgentBinPath];
    const scenarioArgs = ['--agent-arg=--scenario', '--agent-arg', file];
    const args = ['--backend', backend, ...agent, ...scenarioArgs, ...secretArguments, '-p', 'hi'];
    const run = await runCli(args, { cwd: suite.work, env });
    suite.written.push(run.stdout, run.stderr);
    return run;
  };

  it('FT-08 with --backend gemini its credential is masked on stdout too', async () => {
    const run = await runPrint('gemini', faultScenarios.failsWithSecrets);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('upstream said: ***');
  });

  it('FT-09 a sign-in failure names the key variable and the login command', async () => {
    const { GEMINI_API_KEY: _unset, ...withoutGeminiKey } = secretEnvironment;
    const run = await runPrint('gemini', faultScenarios.needsApiKey, withoutGeminiKey);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('GEMINI_API_KEY not set');
    expect(run.stderr).toContain(
      'agentbridge: error: signing in to Gemini CLI failed: set GEMINI_API_KEY, or run `agentbridge login gemini` once.',
    );
  });

  it('FT-09 a failed handshake quotes the agent stderr once', async () => {
    const run = await runPrint('acp', faultScenarios.diesAtInitialize);
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`.split('dying:')).toHaveLength(2);
  });
});
