/** Where a corpus path lives: the project (cwd), the home directory or a directory beside the project. */
export type Place = 'work' | 'home' | 'outside';

/** One tool call of a {@link ToolRuleGroup}: a file tool on a path, a Bash line or a WebFetch URL. */
export type ToolCallCase =
  | { readonly tool: 'Read' | 'Write'; readonly place: Place; readonly path: string }
  | { readonly tool: 'Bash'; readonly command: string }
  | { readonly tool: 'WebFetch'; readonly url: string };

/** Rules of one Claude Code run (`{outside}` in a rule is the outside directory's absolute path). */
export type ToolRuleGroup = {
  readonly allow?: readonly string[];
  readonly deny?: readonly string[];
  /** The permission mode of the run (default `default`). */
  readonly mode?: 'acceptEdits';
  readonly calls: readonly ToolCallCase[];
};

/** Files every run finds (Read needs an existing file; Write goes to new names). */
export const corpusFiles: readonly { readonly place: Place; readonly path: string }[] = [
  { place: 'work', path: 'src/a.ts' },
  { place: 'work', path: 'src/deep/b.ts' },
  { place: 'work', path: 'lib/src/c.ts' },
  { place: 'work', path: '.env' },
  { place: 'work', path: 'config/.env' },
  { place: 'work', path: 'prod.env' },
  { place: 'work', path: 'docs/x.md' },
  { place: 'work', path: 'secrets/key' },
  { place: 'home', path: '.ssh/id_rsa' },
  { place: 'home', path: 'notes.txt' },
  { place: 'outside', path: 'x.txt' },
  { place: 'outside', path: 'sub/y.txt' },
];

const read = (place: Place, path: string): ToolCallCase => ({ tool: 'Read', place, path });
const write = (path: string, place: Place = 'work'): ToolCallCase => ({
  tool: 'Write',
  place,
  path,
});
const fetch = (url: string): ToolCallCase => ({ tool: 'WebFetch', url });
const bash = (command: string): ToolCallCase => ({ tool: 'Bash', command });

/** RU-09: path rules (RU-07), domain rules (RU-08) and read rules over shell paths. */
export const toolRuleCorpus: readonly ToolRuleGroup[] = [
  {
    deny: ['Read(./src/**)'],
    calls: [
      read('work', 'src/a.ts'),
      read('work', 'src/deep/b.ts'),
      read('work', 'lib/src/c.ts'),
      read('work', '.env'),
    ],
  },
  {
    deny: ['Read(*.env)'],
    calls: [
      read('work', '.env'),
      read('work', 'config/.env'),
      read('work', 'prod.env'),
      read('work', 'docs/x.md'),
    ],
  },
  {
    deny: ['Read(/src/**)'],
    calls: [read('work', 'src/a.ts'), read('work', 'lib/src/c.ts')],
  },
  {
    deny: ['Read(secrets/)'],
    calls: [read('work', 'secrets/key'), read('work', 'docs/x.md')],
  },
  {
    deny: ['Read(//{outside}/**)'],
    calls: [read('outside', 'x.txt'), read('outside', 'sub/y.txt'), read('work', 'src/a.ts')],
  },
  {
    deny: ['Read(~/.ssh/**)'],
    calls: [read('home', '.ssh/id_rsa'), read('home', 'notes.txt')],
  },
  {
    allow: ['Read(~/.ssh/**)'],
    calls: [read('home', '.ssh/id_rsa'), read('home', 'notes.txt'), read('outside', 'x.txt')],
  },
  {
    allow: ['Read(//{outside}/**)'],
    calls: [read('outside', 'x.txt'), read('outside', 'sub/y.txt'), read('home', 'notes.txt')],
  },
  {
    allow: ['Read(//{outside}/*.txt)'],
    calls: [read('outside', 'x.txt'), read('outside', 'sub/y.txt')],
  },
  {
    allow: ['Read(/{outside}/**)'],
    calls: [read('outside', 'x.txt')],
  },
  {
    allow: ['Read(../{outsideName}/**)'],
    calls: [read('outside', 'x.txt'), read('outside', 'sub/y.txt')],
  },
  {
    allow: ['Read(*.txt)'],
    calls: [read('outside', 'x.txt'), read('home', 'notes.txt')],
  },
  {
    allow: ['Edit(./src/**)'],
    calls: [write('src/new1.ts'), write('lib/new2.ts'), write('lib/src/new3.ts')],
  },
  {
    allow: ['Edit(src/**)'],
    calls: [write('src/deep/new4.ts'), write('lib/src/new5.ts')],
  },
  {
    allow: ['Edit(*.md)'],
    calls: [write('docs/new6.md'), write('new7.txt')],
  },
  {
    allow: ['Write(./docs/**)'],
    calls: [write('docs/new8.md'), write('new9.md')],
  },
  {
    allow: ['Edit'],
    deny: ['Write(./docs/**)'],
    calls: [write('docs/new10.md'), write('new11.md')],
  },
  {
    allow: ['Write'],
    deny: ['Edit(*.md)'],
    calls: [write('docs/new12.md'), write('new13.txt')],
  },
  {
    allow: ['WebFetch(domain:example.com)'],
    calls: [
      fetch('https://example.com/a'),
      fetch('https://www.example.com/'),
      fetch('https://EXAMPLE.com./b'),
      fetch('https://example.com.evil.test/'),
    ],
  },
  {
    allow: ['WebFetch(domain:*.example.com)'],
    calls: [
      fetch('https://a.example.com/'),
      fetch('https://a.b.example.com/'),
      fetch('https://example.com/c'),
      fetch('https://aexample.com/'),
    ],
  },
  {
    deny: ['WebFetch(domain:example.org)'],
    calls: [fetch('https://example.org/'), fetch('https://www.example.org/')],
  },
  {
    deny: ['WebFetch(domain:*.example.org)'],
    calls: [fetch('https://a.example.org/'), fetch('https://example.org/d')],
  },
  {
    deny: ['Read(./secrets/**)'],
    calls: [bash('cat secrets/key'), bash('cat docs/x.md'), bash('head -1 ./secrets/key')],
  },
  {
    allow: ['Bash(cat:*)'],
    deny: ['Read(./secrets/**)'],
    calls: [bash('cat secrets/key'), bash('cat docs/x.md'), bash('cat < secrets/key')],
  },
  {
    allow: ['Bash(cat:*)'],
    deny: ['Edit(./docs/**)'],
    calls: [bash('cat src/a.ts > docs/out.md'), bash('cat src/a.ts')],
  },
  {
    allow: ['Edit(./**)'],
    calls: [
      write('src/ok.ts'),
      write('.git/hooks/pre-commit'),
      write('.claude/settings.json'),
      write('.bashrc'),
      write('.vscode/settings.json'),
      write('.mcp.json'),
      write('.gitconfig'),
      write('.husky/pre-push'),
    ],
  },
  {
    mode: 'acceptEdits',
    calls: [
      write('src/ok2.ts'),
      write('x2.txt', 'outside'),
      write('notes2.txt', 'home'),
      write('.git/config2'),
      write('.claude/settings.local.json'),
    ],
  },
];
