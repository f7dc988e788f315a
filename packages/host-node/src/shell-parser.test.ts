import { describe, expect, it } from 'vitest';
import { createShellParser } from './shell-parser.js';

describe('shell/parse (RU-01)', () => {
  it('RU-01 parses with the real tree-sitter-bash grammar, loaded on the first parse', async () => {
    const parse = createShellParser()['shell/parse'];
    const analysis = await parse(
      { command: "x=1 /bin/rm \"a b\" $'c\\'d' > out; echo $(ls) | cat" },
      {
        onMcpMessage: () => {},
      },
    );
    expect(analysis).toEqual({
      ok: true,
      commands: [
        {
          argv: ['/bin/rm', 'a b', "c'd"],
          assignments: ['x=1'],
          redirects: [{ operator: '>', target: 'out' }],
        },
        { argv: ['ls'], assignments: [], redirects: [] },
        { argv: ['echo', undefined], assignments: [], redirects: [] },
        { argv: ['cat'], assignments: [], redirects: [] },
      ],
      complex: ['command substitution'],
    });
  });
  it('RU-05 an unparsable line comes back with the parser’s reason', async () => {
    const parse = createShellParser()['shell/parse'];
    expect(await parse({ command: 'cat x; (' }, { onMcpMessage: () => {} })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('could not parse'),
    });
  });
});
