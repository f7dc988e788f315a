import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scenarioPath } from '@agentbridge/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { cliBin } from '../__fixtures__/run-cli.js';
import { loadConfig } from '../config/load-config.js';
import type { SdkSandbox } from './__fixtures__/create-sdk-sandbox.js';
import { createSdkSandbox } from './__fixtures__/create-sdk-sandbox.js';

const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
const blocks = (language: string) =>
  [...readme.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map(
    (match) => match[1] as string,
  );
const appDirectory = fileURLToPath(new URL('../..', import.meta.url));

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  expect(await sandbox?.dispose()).toEqual([]);
  sandbox = undefined;
});

describe("the README's snippets against the built CLI", () => {
  it('CL-08: the Claude Agent SDK snippet runs as written (the fake agent for Gemini CLI)', async () => {
    const [snippet] = blocks('ts');
    expect(snippet).toContain(
      "pathToClaudeCodeExecutable: '/path/to/agentbridge/bin/agentbridge.js'",
    );
    sandbox = createSdkSandbox(scenarioPath('basic'));
    // Only the path and the backend change: the snippet's own code and options run unchanged.
    const code = (snippet ?? '')
      .replace('/path/to/agentbridge/bin/agentbridge.js', cliBin)
      .replace("AGENTBRIDGE_BACKEND: 'gemini'", "AGENTBRIDGE_BACKEND: 'acp'");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', code],
      { cwd: appDirectory, env: sandbox.env },
    );
    const types = stdout.trim().split('\n');
    expect(types[0]).toBe('system');
    expect(types).toContain('assistant');
    expect(types.at(-1)).toBe('result');
  });

  it('CL-08: the .agentrc example is a valid configuration', async () => {
    const [yaml] = blocks('yaml');
    sandbox = createSdkSandbox(scenarioPath('basic'));
    const project = join(sandbox.cwd, 'readme');
    mkdirSync(project);
    writeFileSync(join(project, '.agentrc.yaml'), yaml ?? '');
    const [file] = await loadConfig({ cwd: project, env: {}, homeDirectory: sandbox.root });
    expect(file?.config).toMatchObject({
      backend: 'codex',
      backends: { acp: { command: 'qwen' } },
    });
  });
});
