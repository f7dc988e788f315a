import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claudeOptions } from './claude-options.js';
import { parseCommandLine } from './parse-command-line.js';

const claudeHelp = readFileSync(
  new URL('./__fixtures__/claude-2.1.332-help.txt', import.meta.url),
  'utf8',
);
/** The flags of `claude --help` 2.1.332 as it spells them (`--add-dir <directories...>`). */
const claudeFlags = [
  ...(claudeHelp.split('\nOptions:\n')[1] ?? '').matchAll(
    /^ {2}((?:-\w, )?--[\w-]+(?:, --[\w-]+)?(?: [<[][^\s]+[>\]])?)/gm,
  ),
]
  .map((match) => match[1] as string)
  .filter((flags) => flags !== '-h, --help');

const handling = {
  honoured: 'honoured',
  inert: 'accepted, no effect',
  reported: 'reported',
  refused: 'refused',
  own: "agentbridge's",
};
/** docs/cli-flags.md's table: flags (as in the option table) → handling. */
const documented = new Map(
  [
    ...readFileSync(new URL('../../../../docs/cli-flags.md', import.meta.url), 'utf8').matchAll(
      /^\| `((?:[^`\\]|\\.)+)`(?: \(hidden\))? \| ([^|]+) \|/gm,
    ),
  ].map((match) => [(match[1] as string).replaceAll('\\|', '|'), (match[2] as string).trim()]),
);

const sampleValues: Record<string, string> = {
  'session-id': '11111111-1111-4111-8111-111111111111',
  'json-schema': '{}',
  'setting-sources': 'user',
  'max-turns': '1',
  'max-budget-usd': '1',
  'max-thinking-tokens': '1',
  effort: 'low',
  'permission-prompt-tool': 'stdio',
};
const streamJson = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'];

describe('the option table', () => {
  it('CL-05: holds every flag of claude --help 2.1.332, spelt with its arity as claude spells it', () => {
    expect(claudeFlags.length).toBeGreaterThan(60);
    const tableFlags = claudeOptions.map((option) => option.flags);
    expect(claudeFlags.filter((flags) => !tableFlags.includes(flags))).toEqual([]);
    const visible = claudeOptions.filter((option) => !option.hidden && option.support !== 'own');
    expect(
      visible.map((option) => option.flags).filter((flags) => !claudeFlags.includes(flags)),
    ).toEqual([]);
  });

  it('CL-05: docs/cli-flags.md lists every flag of the table with its handling', () => {
    expect(Object.fromEntries(documented)).toEqual(
      Object.fromEntries(claudeOptions.map((option) => [option.flags, handling[option.support]])),
    );
  });

  it.each(claudeOptions.filter((option) => option.name !== 'version'))(
    'CL-05: $flags parses with its arity and is handled as the table says ($support)',
    (option) => {
      const flag = `--${option.name}`;
      const value = sampleValues[option.name] ?? option.choices?.[0] ?? 'value';
      // A variadic flag takes every argument up to the next option, as in claude.
      const use =
        option.arity === 'boolean'
          ? [flag, 'the prompt']
          : option.arity === 'value' && !option.variadic
            ? [flag, value, 'the prompt']
            : ['the prompt', flag, value];
      const prefix = ['include-partial-messages', 'replay-user-messages'].includes(option.name)
        ? streamJson
        : ['-p'];
      const argv = option.name === 'json' ? ['doctor', '--json'] : [...prefix, ...use];
      if (option.support === 'refused') {
        expect(() => parseCommandLine(argv)).toThrow(`--${option.name} cannot be honoured: `);
        return;
      }
      const commandLine = parseCommandLine(argv);
      if (option.name !== 'json') expect(commandLine.prompt).toBe('the prompt');
      expect(commandLine.unsupportedFlags.includes(option.name)).toBe(
        option.support === 'reported',
      );
      if (option.arity === 'value')
        expect(() => parseCommandLine(['-p', 'hi', flag])).toThrow(
          `error: option '${option.flags}' argument missing`,
        );
    },
  );
});
