import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { scenarioPath } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { fakeAgentArgs as fakeAgent, runCli } from './__fixtures__/run-cli.js';
import { useCliProject } from './__fixtures__/use-cli-project.js';

const project = useCliProject();

/** The code cache files under the run's home (the project directory is its HOME). */
function cacheFiles(): string[] {
  const root = join(project.directory, '.cache', 'agentbridge', 'code-cache');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((key) =>
    readdirSync(join(root, key)).map((name) => join(root, key, name)),
  );
}

describe('the code cache of the CLI bundle (real processes, fake ACP agent)', () => {
  const args = () => [...fakeAgent(scenarioPath('basic')), '-p', 'say hi'];

  it('X-16: a run caches its chunks in ~/.cache/agentbridge; a corrupt cache only costs time', async () => {
    const first = await project.run(args());
    expect(first).toMatchObject({ code: 0, stdout: 'Hello from the fake agent.\n' });
    const files = cacheFiles();
    // The run path's two chunks (scripts/bundle.mjs): before and after the agent's spawn.
    const chunks = files.map((file) => basename(file).replace(/-[\w-]+\.cjs\.cache$/, ''));
    expect(chunks.sort()).toEqual(['run', 'startup']);
    for (const file of files) writeFileSync(file, 'not a code cache');
    expect(await project.run(args())).toEqual(first);
    expect(await project.run(args())).toEqual(first);
    expect(cacheFiles().sort()).toEqual(files.sort());
  });

  it('X-16: a lone --version loads no chunk (nothing to cache); with other arguments the command line chunk is cached', async () => {
    const alone = await project.run(['--version']);
    expect(alone).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^2\.1\.\d+ \(agentbridge /),
    });
    expect(cacheFiles()).toEqual([]);
    const withOthers = await project.run(['-p', 'x', '--version']);
    expect(withOthers.stdout).toBe(alone.stdout);
    const chunks = cacheFiles().map((file) => basename(file).replace(/-[\w-]+\.cjs\.cache$/, ''));
    expect(chunks).toEqual(['startup']);
  });

  it('X-16: NODE_DISABLE_COMPILE_CACHE=1 writes no cache', async () => {
    const env = { NODE_DISABLE_COMPILE_CACHE: '1' };
    const result = await runCli(args(), { cwd: project.directory, env });
    expect(result).toMatchObject({ code: 0, stdout: 'Hello from the fake agent.\n' });
    expect(cacheFiles()).toEqual([]);
  });
});
