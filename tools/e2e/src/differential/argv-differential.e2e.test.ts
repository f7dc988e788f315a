import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDirectory } from '../launch-agent.js';
import { claudeCodeBinary, claudeOfflineEnv } from '../launch-claude.js';
import { cliBinPath } from '../through-cli/__fixtures__/assemble-world.js';

// Mistaken command lines that both refuse before anything starts (no model request, no session):
// the real Claude Code 2.1.332 and agentbridge must say the same and exit alike.
const mistakes: readonly (readonly string[])[] = [
  ['-p', 'hi', '--modle', 'x'],
  ['-p', 'hi', '--Model', 'x'],
  ['--versoin'],
  ['-p', 'hi', '-z'],
  ['-pz', 'hi'],
  ['-p', 'hi', '--bare=x'],
  ['-p', 'hi', '--no-chrome=1'],
  ['-p', 'hi', '--no-such=1'],
  ['-p', 'hi', '--output-format', 'xml'],
  ['-p', 'hi', '--output-format'],
  ['-p', 'hi', '--model'],
  ['-p', 'hi', '--tools'],
  ['-p', 'hi', '--allowedTools'],
  ['-p', 'hi', '--plugin-dir'],
  ['-p', 'hi', '--resume-session-at'],
  ['-p', '--permission-mode', 'foo', 'hi'],
  ['-p', 'hi', '--thinking', 'x'],
  ['-p', 'hi', '--permission-prompts', 'x'],
  ['-p', 'hi', '--prompt-suggestions', 'x'],
  ['-p', 'hi', '--thinking-display', 'x'],
  ['-p', 'hi', '--output-format', 'stream-json'],
  ['-p', 'hi', '--input-format', 'stream-json', '--output-format', 'json'],
  ['-p', 'hi', '--include-partial-messages'],
  ['-p', 'hi', '--replay-user-messages', '--output-format', 'stream-json', '--verbose'],
  ['-p', 'hi', '--session-id', 'nope'],
  ['-p', 'hi', '--resume'],
  ['-p', 'hi', '--setting-sources', 'foo'],
];

const home = createScratchDirectory('argv-home');
const work = createScratchDirectory('argv-work');
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** What a command line makes a program say: its exit code and its output, `claude` read as ours. */
function refusal(command: string, args: readonly string[], env: Record<string, string>) {
  const result = spawnSync(command, args, {
    cwd: work,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...env },
    input: '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  return {
    status: result.status,
    stdout: result.stdout,
    // Claude Code's notice about the offline environment's fixed model is not an answer to argv.
    stderr: result.stderr
      .replace(/^⚠ .*\n/gm, '')
      .replace(/\bclaude\b/g, 'agentbridge')
      .trimEnd(),
  };
}

describe('the command line against the real Claude Code 2.1.332', () => {
  it.each(mistakes.map((argv) => [argv.join(' '), argv] as const))(
    'CL-07: `%s` is refused in the same words with the same exit code',
    (_name, argv) => {
      const claude = refusal(
        claudeCodeBinary(),
        argv,
        claudeOfflineEnv('http://127.0.0.1:9', home),
      );
      const ours = refusal(process.execPath, [cliBinPath, ...argv], {
        AGENTBRIDGE_BACKEND: 'acp',
        AGENTBRIDGE_COMMAND: '/bin/false',
      });
      expect(claude.status).toBe(1);
      expect(ours).toEqual(claude);
    },
  );
});
