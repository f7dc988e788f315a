import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeAcpAgentBinPath, readJsonLines } from '@agentbridge/test-kit';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CliRun } from '../../../apps/cli/src/__fixtures__/run-cli.js';
import { runCli as runCliIn, sdkArgs } from '../../../apps/cli/src/__fixtures__/run-cli.js';

const packageDirectory = fileURLToPath(new URL('../', import.meta.url));
const scenario = fileURLToPath(new URL('../scenarios/acme-agent.json', import.meta.url));

type WireLine = Record<string, unknown> & { type: string; subtype?: string };
type RecordedEntry = {
  direction: string;
  message?: { method?: string; params?: Record<string, unknown> };
};

let project: string;

beforeAll(() => {
  // The CLI and the plugin run from dist/, as for a user: build first (`pnpm build`).
  for (const built of [
    join(packageDirectory, 'dist/index.js'),
    fileURLToPath(new URL('../../../apps/cli/dist/main.js', import.meta.url)),
    fileURLToPath(new URL('../../../tools/test-kit/dist/index.js', import.meta.url)),
  ]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` first`);
  }
});

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'agentbridge-acme-e2e-'));
  writeFileSync(join(project, 'package.json'), '{"name":"acme-project","private":true}');
  // What `npm install @agentbridge/backend-example` would leave in the project.
  mkdirSync(join(project, 'node_modules/@agentbridge'), { recursive: true });
  symlinkSync(
    packageDirectory,
    join(project, 'node_modules/@agentbridge/backend-example'),
    'junction',
  );
});

afterEach(() => {
  rmSync(project, { recursive: true, force: true });
});

function writeAgentrc(config: Record<string, unknown>): void {
  writeFileSync(join(project, '.agentrc'), `${JSON.stringify(config, null, 2)}\n`);
}

/** The Acme "CLI" is the test kit's fake ACP agent playing the shipped Acme scenario. */
function acmeOverrides(record: string) {
  return {
    command: fakeAcpAgentBinPath,
    args: ['--scenario', scenario, '--record', record],
    permissionMode: 'acceptEdits',
  };
}

function runCli(args: readonly string[], stdinLines: readonly unknown[]): Promise<CliRun> {
  const stdin = stdinLines.map((line) => `${JSON.stringify(line)}\n`).join('');
  return runCliIn(args, { cwd: project, stdin });
}

const initialize = {
  type: 'control_request',
  request_id: 'init-1',
  request: { subtype: 'initialize' },
};
const user = {
  type: 'user',
  message: { role: 'user', content: 'What is in this project?' },
  parent_tool_use_id: null,
  session_id: '',
};

/** Stdout as stream-json: one JSON object per line. */
function wireLines(run: CliRun): WireLine[] {
  return run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as WireLine);
}

function contentOf(line: WireLine | undefined): Record<string, unknown>[] {
  const message = line?.message as { content?: unknown } | undefined;
  return Array.isArray(message?.content) ? (message.content as Record<string, unknown>[]) : [];
}

describe('Acme Agent plugin loaded from .agentrc, driven through the agentbridge CLI', () => {
  it('reports the Acme display name, maps acme_shell to Bash and ends the turn with one result (H-11, T-10)', async () => {
    const record = join(project, 'acme.transcript.jsonl');
    writeAgentrc({
      plugins: ['@agentbridge/backend-example'],
      backend: 'acme',
      backends: { acme: acmeOverrides(record) },
    });

    const run = await runCli(sdkArgs, [initialize, user]);

    expect(run.code, run.stderr).toBe(0);
    const lines = wireLines(run);
    // The bridge may re-emit system/init (e.g. after Acme reports its mode change): every copy
    // names the backend, and the conversation lines come in order after the first one.
    expect(lines.slice(0, 2).map((line) => [line.type, line.subtype])).toEqual([
      ['control_response', undefined],
      ['system', 'init'],
    ]);
    const inits = lines.filter((line) => line.type === 'system' && line.subtype === 'init');
    for (const init of inits) {
      expect(init).toMatchObject({
        acp_backend: 'Acme Agent',
        session_id: 'acme-session-1',
        permissionMode: 'acceptEdits',
        claude_code_version: 'acme-agent 2.3.0',
      });
    }
    const conversation = lines.slice(2).filter((line) => line.type !== 'system');
    expect(conversation.map((line) => [line.type, line.subtype])).toEqual([
      ['assistant', undefined],
      ['assistant', undefined],
      ['user', undefined],
      ['assistant', undefined],
      ['result', 'success'],
    ]);
    const [response] = lines;
    const [, toolUse, toolResult, , result] = conversation;
    expect(response).toMatchObject({ response: { subtype: 'success', request_id: 'init-1' } });
    const [toolUseBlock] = contentOf(toolUse);
    expect(toolUseBlock).toMatchObject({
      type: 'tool_use',
      id: expect.any(String),
      name: 'Bash',
      input: { command: 'ls -1' },
    });
    expect(contentOf(toolResult)[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: toolUseBlock?.id,
      is_error: false,
    });
    expect(result).toMatchObject({
      is_error: false,
      result: 'The project has two files.',
      stop_reason: 'end_turn',
      session_id: 'acme-session-1',
    });
    expect(run.stderr).toContain('signing in to Acme Agent (Acme single sign-on)');

    const sent = readJsonLines(record) as RecordedEntry[];
    const requests = sent.filter((entry) => entry.direction === 'bridge->agent');
    const methods = requests.map((entry) => entry.message?.method);
    expect(methods.slice(0, 5)).toEqual([
      'initialize',
      'session/new',
      'authenticate',
      'session/new',
      'session/set_mode',
    ]);
    // The manifest's auth preference beats the generic ranking (a browser login would go first).
    expect(requests[2]?.message?.params).toMatchObject({ methodId: 'acme-sso' });
    // acceptEdits goes to Acme's `edit` through permissionModeSynonyms (generic: `auto`).
    expect(requests[4]?.message?.params).toMatchObject({ modeId: 'edit' });
  });

  it('lists acme with its source in `backends`, and shows the install hint when acme is missing (B-02, B-04)', async () => {
    writeAgentrc({ plugins: ['@agentbridge/backend-example'], backend: 'acme' });
    const listed = await runCli(['backends', '--json'], []);
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(rows.at(-1)).toEqual({
      id: 'acme',
      displayName: 'Acme Agent',
      protocol: 'acp',
      command: 'acme --acp',
      selected: true,
      source: '@agentbridge/backend-example',
    });

    const login = await runCli(['login', 'acme'], []);
    expect(login.code).toBe(2);
    expect(login.stderr).toContain("Command 'acme' not found");
    expect(login.stderr).toContain('npm install -g @acme/agent-cli');
  });

  it('without the plugin in .agentrc the acme backend does not exist (exit 2, ids listed)', async () => {
    writeAgentrc({ backend: 'acme' });
    const run = await runCli(sdkArgs, [initialize, user]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain("'acme'");
    expect(run.stderr).toContain('gemini, codex, qwen, claude-acp, grok, claude, acp');
  });
});
