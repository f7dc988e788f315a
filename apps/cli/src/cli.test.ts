import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { BackendNotFoundError, ConfigError, UsageError } from '@agentbridge/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import type { CliContext } from './cli-context.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'agentbridge-cli-'));
  writeFileSync(join(directory, 'package.json'), '{"name":"p"}');
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function createContext(argv: readonly string[], overrides: Partial<CliContext> = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const output = { stdout: '', stderr: '' };
  stdout.on('data', (chunk: Buffer) => {
    output.stdout += chunk.toString('utf8');
  });
  stderr.on('data', (chunk: Buffer) => {
    output.stderr += chunk.toString('utf8');
  });
  const context: CliContext = {
    argv,
    env: { PATH: '', AGENTBRIDGE_STATE_DIR: join(directory, 'state') },
    cwd: directory,
    homeDirectory: join(directory, 'home'),
    platform: 'linux',
    stdin: new PassThrough(),
    stdout,
    stderr,
    stdinIsTerminal: false,
    onTerminate: () => () => {},
    ...overrides,
  };
  return { context, output };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('runCli', () => {
  it('H-14 --version and --help write to stdout and exit 0; no arguments on a terminal shows help', async () => {
    const version = createContext(['--version']);
    expect(await runCli(version.context)).toBe(0);
    // H-14: the Claude Code protocol version first (SDK version probes), agentbridge's own after.
    expect(version.output.stdout).toMatch(/^2\.1\.332 \(agentbridge \d+\.\d+\.\d+\)\n$/);
    const short = createContext(['-v']);
    expect(await runCli(short.context)).toBe(0);
    expect(short.output.stdout).toBe(version.output.stdout);

    const help = createContext(['-h']);
    expect(await runCli(help.context)).toBe(0);
    expect(help.output.stdout).toContain('login <backend>');

    const bare = createContext([], { stdinIsTerminal: true });
    expect(await runCli(bare.context)).toBe(0);
    expect(bare.output.stdout).toContain('Usage:');
  });

  it('backends --json lists every backend with its effective command and the selected one', async () => {
    writeFileSync(
      join(directory, '.agentrc.yaml'),
      'backend: codex\nbackends: { codex: { command: ./bin/codex-acp, args: [--verbose] } }\n',
    );
    const { context, output } = createContext(['backends', '--json']);
    expect(await runCli(context)).toBe(0);
    const rows = JSON.parse(output.stdout) as Record<string, unknown>[];
    expect(rows.map((row) => [row.id, row.command, row.selected, row.path])).toEqual([
      ['gemini', 'gemini --experimental-acp', false, undefined],
      ['codex', `${join(directory, 'bin', 'codex-acp')} --verbose`, true, undefined],
      ['qwen', 'qwen --acp', false, undefined],
      ['claude-acp', 'claude-agent-acp', false, undefined],
      ['grok', 'grok agent stdio', false, undefined],
      ['claude', 'claude', false, undefined],
      ['acp', '', false, undefined],
    ]);
  });

  it('backends prints a table', async () => {
    const { context, output } = createContext(['backends']);
    expect(await runCli(context)).toBe(0);
    expect(output.stdout.split('\n')[0]).toMatch(/^\s+ID\s+NAME\s+COMMAND\s+STATUS$/);
    expect(output.stdout).toMatch(/\n\s+acp\s+Custom ACP agent/);
    expect(output.stdout).toContain('(set --agent-command)');
  });

  it('--debug-to-stderr logs at debug level, as --debug does', async () => {
    writeFileSync(join(directory, '.agentrc.yaml'), 'backend: codex\n');
    const quiet = createContext(['backends']);
    expect(await runCli(quiet.context)).toBe(0);
    expect(quiet.output.stderr).not.toContain('config loaded');
    for (const flag of ['--debug', '--debug-to-stderr']) {
      const loud = createContext(['backends', flag]);
      expect(await runCli(loud.context)).toBe(0);
      expect(loud.output.stderr).toContain('config loaded');
    }
  });

  it('B-08 login without a backend is a usage error (exit 2); an unknown one lists the ids', async () => {
    const missing = await rejectionOf(runCli(createContext(['login']).context));
    expect(missing).toBeInstanceOf(UsageError);
    expect((missing as UsageError).exitCode).toBe(2);
    const unknown = await rejectionOf(runCli(createContext(['login', 'kimi']).context));
    expect(unknown).toBeInstanceOf(BackendNotFoundError);
    const noLogin = await rejectionOf(runCli(createContext(['login', 'claude']).context));
    expect((noLogin as UsageError).message).toBe(
      "agentbridge: error: backend 'claude' has no sign-in command. Run `claude` once on a terminal and sign in with /login.",
    );
  });

  it('running without a chosen backend explains how to choose one', async () => {
    const error = await rejectionOf(runCli(createContext(['-p', 'hi']).context));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(
      'no backend chosen. Pass --backend <id>, set AGENTBRIDGE_BACKEND',
    );
  });

  it("print mode with no prompt and nothing on stdin is claude's usage error", async () => {
    const error = await rejectionOf(
      runCli(createContext(['--backend', 'acp', '-p'], { stdinIsTerminal: true }).context),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(
      'Error: Input must be provided either through stdin or as a prompt argument when using --print',
    );
  });

  it('print mode on a terminal without a prompt fails before any configuration, as claude -p', async () => {
    writeFileSync(join(directory, '.agentrc'), '{ not: valid: yaml: [');
    const error = await rejectionOf(
      runCli(createContext(['-p', '--output-format', 'json'], { stdinIsTerminal: true }).context),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(
      'Error: Input must be provided either through stdin or as a prompt argument when using --print',
    );
  });

  it('CL-06 without -p on a terminal, the error does not claim --print was given', async () => {
    const error = await rejectionOf(
      runCli(
        createContext(['--backend', 'acp', '--model', 'm'], { stdinIsTerminal: true }).context,
      ),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).not.toContain('--print was');
    expect((error as UsageError).message).toBe(
      'agentbridge: error: agentbridge has no interactive mode: pass a prompt with -p/--print (or on stdin), or run it from the Claude Agent SDK (--input-format stream-json).',
    );
    const help = createContext(['help']);
    expect(await runCli(help.context)).toBe(0);
    expect(help.output.stdout).toContain('Usage: agentbridge');
  });

  it('the acp backend without a command names the three ways to give one', async () => {
    const { context } = createContext(['--backend', 'acp', '-p', 'hi']);
    const error = await rejectionOf(runCli(context));
    expect((error as ConfigError).message).toContain(
      "backend 'acp' has no default command: pass --agent-command <cmd>, set AGENTBRIDGE_COMMAND",
    );
  });
});
