import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from './__fixtures__/run-cli.js';

const envAgent = fileURLToPath(new URL('./__fixtures__/env-agent.mjs', import.meta.url));
const names = ['ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN', 'OPENAI_API_KEY', 'GEMINI_API_KEY'];
/** What a Claude client's environment holds besides `PATH` (values long enough to be masked). */
const planted = {
  ANTHROPIC_API_KEY: 'sk-ant-planted-value',
  CLAUDE_CODE_OAUTH_TOKEN: 'oauth-planted-value',
  OPENAI_API_KEY: 'sk-openai-planted-value',
  GEMINI_API_KEY: 'gemini-planted-value',
};

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'agentbridge-agent-env-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** One print-mode turn with the env agent under `backend`; its texts parsed by who saw them. */
async function report(backend: string, env: Record<string, string> = {}) {
  const args = [
    '--backend',
    backend,
    '--agent-command',
    process.execPath,
    `--agent-arg=${envAgent}`,
  ];
  const flags = ['-p', 'report', '--output-format', 'stream-json', '--verbose'];
  // The terminal's command runs unasked, as an allowed Bash call.
  flags.push('--allowedTools', 'Bash');
  const result = await runCli([...args, ...names.map((name) => `--agent-arg=${name}`), ...flags], {
    cwd: directory,
    env: { ...planted, ...env },
  });
  expect(result.code, result.stderr).toBe(0);
  const texts = jsonLines(result.stdout)
    .filter((line) => line.type === 'assistant')
    .flatMap((line) => (line.message as { content: { type: string; text?: string }[] }).content)
    .flatMap((block) => (block.type === 'text' && block.text ? block.text.split('\n') : []));
  const seen = (who: string) => {
    const line = texts.find((text) => text.startsWith(`${who} `));
    return line === undefined ? undefined : JSON.parse(line.slice(who.length + 1));
  };
  return { agent: seen('agent'), terminal: seen('terminal'), stdout: result.stdout };
}

const only = (...kept: string[]) =>
  Object.fromEntries(names.map((name) => [name, kept.includes(name)]));

describe("the agent's environment (real CLI, a real agent reporting what it got)", () => {
  it("EV-01 EV-02 a gemini agent gets Google's key and none of Anthropic's or OpenAI's", async () => {
    const { agent, stdout } = await report('gemini');
    expect(agent).toEqual(only('GEMINI_API_KEY'));
    expect(stdout).not.toContain('planted-value');
  });

  it('EV-01 EV-02 EV-04 the generic acp agent and its client terminal get no vendor credentials', async () => {
    const { agent, terminal } = await report('acp');
    expect(agent).toEqual(only());
    expect(terminal).toEqual(only());
  });

  it('EV-03 EV-04 passEnv in .agentrc passes a credential to the agent and its terminal', async () => {
    writeFileSync(
      join(directory, '.agentrc.json'),
      JSON.stringify({
        passEnv: ['ANTHROPIC_API_KEY'],
        backends: { acp: { passEnv: ['OPENAI_API_KEY'] } },
      }),
    );
    const { agent, terminal } = await report('acp');
    expect(agent).toEqual(only('ANTHROPIC_API_KEY', 'OPENAI_API_KEY'));
    expect(terminal).toEqual(only('ANTHROPIC_API_KEY', 'OPENAI_API_KEY'));
  });

  it("EV-03 AGENTBRIDGE_PASS_ENV (an SDK's env option) passes credentials to a gemini agent", async () => {
    const { agent } = await report('gemini', {
      AGENTBRIDGE_PASS_ENV: 'ANTHROPIC_API_KEY, CLAUDE_CODE_OAUTH_TOKEN',
    });
    expect(agent).toEqual(only('ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN', 'GEMINI_API_KEY'));
  });

  it('EV-05 doctor names the withheld variables, never their values', async () => {
    const args = [
      '--backend',
      'gemini',
      '--agent-command',
      process.execPath,
      `--agent-arg=${envAgent}`,
    ];
    const options = { cwd: directory, env: planted };
    const json = await runCli(['doctor', '--json', ...args], options);
    expect(json.code, json.stderr).toBe(0);
    const { backends } = JSON.parse(json.stdout) as { backends: Record<string, unknown>[] };
    expect(backends[0]).toMatchObject({
      backendId: 'gemini',
      withheldVariables: ['ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN', 'OPENAI_API_KEY'],
    });
    const text = await runCli(['doctor', ...args], options);
    expect(text.stdout).toContain(
      '  withheld      ANTHROPIC_API_KEY, CLAUDE_CODE_OAUTH_TOKEN, OPENAI_API_KEY\n',
    );
    expect(`${json.stdout}${text.stdout}${text.stderr}`).not.toContain('planted-value');
  });
});
