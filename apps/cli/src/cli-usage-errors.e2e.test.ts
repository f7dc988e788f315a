import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliProject } from './__fixtures__/use-cli-project.js';

const project = useCliProject();
const run = project.run;

describe('agentbridge CLI (real processes, fake ACP agent)', () => {
  it.each([
    [
      ['-p', 'x', '--output-format', 'stream-json'],
      1,
      'Error: When using --print, --output-format=stream-json requires --verbose\n',
    ],
    [
      ['--input-format', 'stream-json', '--output-format', 'text'],
      1,
      'Error: --input-format=stream-json requires output-format=stream-json.\n',
    ],
    [['-p', 'hi', '--modle', 'x'], 1, "error: unknown option '--modle'\n(Did you mean --model?)\n"],
    [
      ['-p', 'hi', '--backnd', 'gemini'],
      1,
      "error: unknown option '--backnd'\n(Did you mean --backend?)\n",
    ],
    [
      ['--bg', '-p', 'hi'],
      1,
      'agentbridge: error: --bg cannot be honoured: agentbridge runs in the foreground.\n',
    ],
  ])('CL-04 usage error %j exits %i like claude', async (args, code, stderr) => {
    const result = await run(args);
    expect(result).toEqual({ code, stdout: '', stderr });
  });

  it('CL-06 `agentbridge help` is the help, not a prompt', async () => {
    const result = await run(['help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: agentbridge [options] [command] [prompt]');
    expect(result.stderr).toBe('');
  });

  it('configuration errors exit 2 with the file, key and fix', async () => {
    writeFileSync(join(project.directory, '.agentrc.json'), '{"backend":"gemini","comand":"x"}');
    const result = await run(['-p', 'hi']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `agentbridge: error: Invalid ${join(project.directory, '.agentrc.json')}:`,
    );
    expect(result.stderr).toContain('comand: unknown key: did you mean "command"?');
  });

  it('a missing backend command exits 2 and lists what was searched', async () => {
    const result = await run([
      '--backend',
      'acp',
      '--agent-command',
      'surely-not-installed-agent',
      '-p',
      'hi',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Command 'surely-not-installed-agent' not found. Searched:");
  });
});
