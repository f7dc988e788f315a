import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClientTerminals } from './client-terminals.js';
import { terminalSpawn } from './terminal-command.js';

let root: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'agentbridge-shell-line-'));
  project = join(root, 'project');
  mkdirSync(project);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const session = { sessionId: 's' };
const inbox = { onMcpMessage: () => {} };
const posix = process.platform !== 'win32';

/** Runs one terminal to its end: its output and exit status. */
async function runTerminal(
  request: { command: string; args?: string[] },
  env: Record<string, string | undefined> = process.env,
) {
  const host = createClientTerminals({ roots: [project], env });
  const { terminalId } = await host['terminal/create']({ ...session, ...request }, inbox);
  const exit = await host['terminal/wait_for_exit']({ ...session, terminalId }, inbox);
  const { output } = await host['terminal/output']({ ...session, terminalId }, inbox);
  await host['terminal/release']({ ...session, terminalId }, inbox);
  return { output, exit };
}

describe('a client terminal command as Zed builds it (real processes)', () => {
  it.runIf(posix)(
    'CF-12 a whole shell line without args runs in the shell: redirection and && work, in the session directory',
    async () => {
      const line = "printf 'hello' > hello.txt && cat hello.txt";
      const { output, exit } = await runTerminal({ command: line });
      expect(exit).toEqual({ exitCode: 0, signal: null });
      expect(output).toBe('hello');
      expect(readFileSync(join(project, 'hello.txt'), 'utf8')).toBe('hello');
    },
  );

  it.runIf(posix)(
    "CF-12 the user's $SHELL runs the line when it is a POSIX shell, else /bin/sh",
    async () => {
      const probe = { command: 'echo "$0"' };
      const bash = await runTerminal(probe, { ...process.env, SHELL: '/bin/bash' });
      expect(bash.output.trim()).toBe('/bin/bash');
      const fish = await runTerminal(probe, { ...process.env, SHELL: '/usr/bin/fish' });
      expect(fish.output.trim()).toBe('/bin/sh');
      const none = await runTerminal(probe, { ...process.env, SHELL: undefined });
      expect(none.output.trim()).toBe('/bin/sh');
    },
  );

  it.runIf(posix)(
    'CF-12 with args the program runs them itself, no shell reads them; a program path with a space runs as that program',
    async () => {
      const { output } = await runTerminal({
        command: 'printf',
        args: ['%s|', '$(touch pwned)', 'a b', '>x'],
      });
      expect(output).toBe('$(touch pwned)|a b|>x|');
      const program = join(project, 'my tools', 'run me');
      mkdirSync(join(project, 'my tools'));
      writeFileSync(program, '#!/bin/sh\necho "ran $#"\n');
      chmodSync(program, 0o755);
      expect((await runTerminal({ command: program })).output).toBe('ran 0\n');
      expect((await runTerminal({ command: 'exit 7' })).exit).toEqual({
        exitCode: 7,
        signal: null,
      });
    },
  );

  it('CF-12 on Windows a line runs in %ComSpec% /d /s /c "<line>" as written; args never go through it', () => {
    const line = 'echo hello > hello.txt && type hello.txt';
    const env = { ComSpec: 'C:\\Windows\\system32\\cmd.exe' };
    const build = (args: string[]) =>
      terminalSpawn({ command: line, args, directory: 'C:\\p', env, platform: 'win32' });
    expect(build([])).toEqual({
      file: 'C:\\Windows\\system32\\cmd.exe',
      args: ['/d', '/s', '/c', `"${line}"`],
      verbatim: true,
    });
    expect(build(['x'])).toEqual({ file: line, args: ['x'], verbatim: false });
    expect(
      terminalSpawn({ command: 'dir', args: [], directory: 'C:\\p', env: {}, platform: 'win32' })
        .file,
    ).toBe('cmd.exe');
  });
});
