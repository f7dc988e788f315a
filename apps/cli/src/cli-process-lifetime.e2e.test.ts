import { readFileSync } from 'node:fs';
import { scenarioPath } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import {
  fakeAgentArgs as fakeAgent,
  initializeLine,
  jsonLines as lines,
  sdkArgs,
  spawnCli,
  userLine as user,
} from './__fixtures__/run-cli.js';
import { useCliProject } from './__fixtures__/use-cli-project.js';

const project = useCliProject();
const run = project.run;
const initialize = initializeLine();

describe('agentbridge CLI (real processes, fake ACP agent)', () => {
  it('SIGTERM stops the agent and exits 143 without further output', async () => {
    const child = spawnCli([...sdkArgs, ...fakeAgent(scenarioPath('slow-stream'))], {
      cwd: project.directory,
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('close', (code) => resolve(code)),
    );
    child.stdin.write(`${initialize}\n${user('stream please')}\n`);
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.includes('"subtype":"init"')) resolve();
      });
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
  });

  it.runIf(process.platform === 'linux')(
    'stdin EOF leaves no agent process behind, even one that ignores EOF and SIGTERM (checked in /proc)',
    async () => {
      const scenario = JSON.stringify({
        process: { ignoreStdinEof: true, ignoreSigterm: true, spawnChild: true },
        defaultPrompt: {
          steps: [
            {
              type: 'update',
              update: {
                sessionUpdate: 'agent_message_chunk',
                content: { type: 'text', text: 'ok' },
              },
            },
          ],
        },
      });
      const result = await run([...sdkArgs, ...fakeAgent(scenario)], {
        stdin: `${initialize}\n${user('hi')}\n`,
      });
      expect(result.code).toBe(0);
      expect(lines(result.stdout).at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
      const childPid = Number(/child-pid=(\d+)/.exec(result.stderr)?.[1]);
      expect(childPid).toBeGreaterThan(0);
      expect(isRunning(childPid)).toBe(false);
    },
  );
});

/** True when `pid` exists and is not a zombie (a container's PID 1 may never reap it). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
