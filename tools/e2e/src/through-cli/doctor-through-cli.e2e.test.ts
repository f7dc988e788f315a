import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeGeminiServer } from '../fake-gemini-server.js';
import type { FakeOpenAiServer } from '../fake-openai-server.js';
import type { CliWorld } from './__fixtures__/assemble-world.js';
import { cliBinPath } from './__fixtures__/assemble-world.js';
import { createCodexWorld, createGeminiWorld } from './__fixtures__/create-cli-world.js';

const runCli = promisify(execFile);

const worlds: CliWorld<unknown>[] = [];
afterEach(async () => {
  const finished = worlds.splice(0);
  const survivors: number[] = [];
  for (const world of finished) survivors.push(...(await world.dispose()));
  expect(survivors).toEqual([]);
  for (const world of finished) expect(world.foreignConnections()).toEqual([]);
});

type DoctorBackend = {
  readonly backendId: string;
  readonly ok: boolean;
  readonly version?: string;
  readonly args: readonly string[];
  readonly executable: { readonly found: boolean; readonly path?: string };
  readonly handshake?: {
    readonly ok: boolean;
    readonly agentInfo?: { readonly name?: string; readonly version?: string };
    readonly authMethods: readonly { readonly id: string }[];
    readonly capabilities: Record<string, unknown>;
  };
};

/** Both worlds' environment: Gemini's HOME and net guard, codex's CODEX_HOME and proxy trap. */
async function createDoctorEnvironment(): Promise<{
  env: Record<string, string>;
  cwd: string;
  gemini: CliWorld<FakeGeminiServer>;
  codex: CliWorld<FakeOpenAiServer>;
}> {
  const gemini = await createGeminiWorld();
  const codex = await createCodexWorld();
  worlds.push(gemini, codex);
  // No backend selected: doctor names them.
  const { AGENTBRIDGE_BACKEND: _geminiBackend, ...geminiEnv } = gemini.env;
  const { AGENTBRIDGE_BACKEND: _codexBackend, ...codexEnv } = codex.env;
  const env = {
    ...codexEnv,
    ...geminiEnv,
    PATH: `${gemini.binDirectory}:${codex.binDirectory}:${process.env.PATH ?? '/usr/bin:/bin'}`,
  };
  return { env, cwd: gemini.directories.workDirectory, gemini, codex };
}

describe('agentbridge doctor against the installed agents (throw-away HOME, offline)', () => {
  it('H-05/H-06: doctor gemini codex --json reports version, auth methods and capabilities of each agent', async () => {
    const { env, cwd, gemini, codex } = await createDoctorEnvironment();
    const { stdout } = await runCli(
      process.execPath,
      [cliBinPath, 'doctor', 'gemini', 'codex', '--json'],
      { cwd, env, timeout: 50_000 },
    );
    const report = JSON.parse(stdout) as { backends: DoctorBackend[] };
    const [geminiReport, codexReport] = report.backends;
    expect(report.backends.map((backend) => backend.backendId)).toEqual(['gemini', 'codex']);

    expect(geminiReport).toMatchObject({
      ok: true,
      version: '0.61.0',
      args: ['--acp'],
      executable: { found: true, path: join(gemini.binDirectory, 'gemini') },
      handshake: {
        ok: true,
        agentInfo: { name: 'gemini-cli', version: '0.61.0' },
        capabilities: { loadSession: true, mcpCapabilities: { http: true } },
      },
    });
    expect(geminiReport?.handshake?.authMethods.map((method) => method.id)).toEqual([
      'oauth-personal',
      'gemini-api-key',
      'vertex-ai',
      'gateway',
    ]);

    // codex-acp has no version flag: its version is the handshake's agentInfo.
    expect(codexReport).toMatchObject({
      ok: true,
      args: [],
      executable: { found: true, path: join(codex.binDirectory, 'codex-acp') },
      handshake: {
        ok: true,
        agentInfo: { name: 'codex-acp', version: '0.16.0' },
        capabilities: { loadSession: true, sessionCapabilities: { resume: {} } },
      },
    });
    expect(codexReport?.handshake?.authMethods.map((method) => method.id)).toEqual([
      'chatgpt',
      'codex-api-key',
      'openai-api-key',
    ]);

    // The probe talked ACP and stopped there: no prompt, no model call.
    for (const world of [gemini, codex]) {
      expect(world.sent('initialize')).toHaveLength(1);
      expect(world.sent('session/prompt')).toEqual([]);
    }
    expect(gemini.server.requests).toEqual([]);
    expect(codex.server.requests).toEqual([]);
  });

  it('H-05/H-06: doctor gemini codex prints the same as a table', async () => {
    const { env, cwd } = await createDoctorEnvironment();
    const { stdout } = await runCli(process.execPath, [cliBinPath, 'doctor', 'gemini', 'codex'], {
      cwd,
      env,
      timeout: 50_000,
    });
    const sections = stdout.split(/\n\s*\n/);
    const geminiSection = sections.find((section) => section.startsWith('gemini ')) ?? '';
    const codexSection = sections.find((section) => section.startsWith('codex ')) ?? '';
    expect(geminiSection).toMatch(/^\s+version\s+0\.61\.0$/m);
    expect(geminiSection).toContain('agent Gemini CLI 0.61.0');
    expect(geminiSection).toContain('gemini-api-key');
    expect(geminiSection).toMatch(/loadSession/);
    // codex-acp's version comes from the handshake.
    expect(codexSection).toContain('agent Codex 0.16.0');
    expect(codexSection).toContain('openai-api-key');
    expect(codexSection).toMatch(/loadSession/);
  });
});
