import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claudeOptions } from './claude-options.js';
import { parseCommandLine } from './parse-command-line.js';

const sdkPrefix = ['--output-format', 'stream-json', '--verbose', '--input-format', 'stream-json'];

describe('parseCommandLine', () => {
  it('parses the argv the Claude Agent SDK writes for a rich option set (stream-json.md §1.3)', () => {
    const commandLine = parseCommandLine([
      ...sdkPrefix,
      '--max-thinking-tokens=2048',
      '--max-turns=7',
      '--model=claude-sonnet-x',
      '--permission-prompt-tool=stdio',
      '--resume=11111111-1111-4111-8111-111111111111',
      '--allowedTools=Read,Bash(git status:*)',
      '--disallowedTools=WebFetch',
      '--mcp-config',
      '{"mcpServers":{"ext":{"type":"stdio","command":"echo","args":["hi"]}}}',
      '--setting-sources=user,project',
      '--permission-mode=acceptEdits',
      '--fallback-model=claude-haiku-x',
      '--include-partial-messages',
      '--add-dir=/tmp',
      '--fork-session',
      '--replay-user-messages',
      '--debug-to-stderr',
    ]);
    expect(commandLine).toMatchObject({
      mode: 'stream-json',
      outputFormat: 'stream-json',
      verbose: true,
      model: 'claude-sonnet-x',
      permissionPromptTool: 'stdio',
      resume: '11111111-1111-4111-8111-111111111111',
      allowedTools: ['Read', 'Bash(git status:*)'],
      disallowedTools: ['WebFetch'],
      mcpConfigs: ['{"mcpServers":{"ext":{"type":"stdio","command":"echo","args":["hi"]}}}'],
      permissionMode: 'acceptEdits',
      settingSources: ['user', 'project'],
      includePartialMessages: true,
      additionalDirectories: ['/tmp'],
      forkSession: true,
      replayUserMessages: true,
      debug: true,
    });
    expect(commandLine.unsupportedFlags).toEqual([]);
    expect(commandLine.limits).toMatchObject({
      maxThinkingTokens: 2048,
      maxTurns: 7,
      fallbackModel: 'claude-haiku-x',
    });
    expect(commandLine.prompt).toBeUndefined();
  });

  it.each([
    [['--model', 'm1'], { model: 'm1' }],
    [['--model=m1'], { model: 'm1' }],
    [['--model', 'a', '--model', 'b'], { model: 'b' }],
    [['--permission-mode', 'manual'], { permissionMode: 'manual' }],
    [['--permission-mode=plan'], { permissionMode: 'plan' }],
    [['--dangerously-skip-permissions'], { permissionMode: 'bypassPermissions' }],
    [['--allowedTools', 'Read', 'Write'], { allowedTools: ['Read', 'Write'] }],
    [
      ['--allowedTools', 'Read,Write', '--allowedTools=Edit'],
      { allowedTools: ['Read', 'Write', 'Edit'] },
    ],
    [['--allowed-tools', 'Read Bash(npm run:*)'], { allowedTools: ['Read', 'Bash(npm run:*)'] }],
    [['--disallowed-tools=WebFetch,WebSearch'], { disallowedTools: ['WebFetch', 'WebSearch'] }],
    [['--add-dir', '/a', '/b', '--add-dir=/c'], { additionalDirectories: ['/a', '/b', '/c'] }],
    [
      ['--mcp-config', 'a.json', '{"mcpServers":{}}'],
      { mcpConfigs: ['a.json', '{"mcpServers":{}}'] },
    ],
    [['--mcp-config=a.json', '--mcp-config', 'b.json'], { mcpConfigs: ['a.json', 'b.json'] }],
    [['-r', 'abc'], { resume: 'abc' }],
    [['--resume', 'abc'], { resume: 'abc' }],
    [['-c'], { continue: true }],
    [['--continue'], { continue: true }],
    [
      ['--session-id', '11111111-1111-4111-8111-111111111111'],
      { sessionId: '11111111-1111-4111-8111-111111111111' },
    ],
    [['--system-prompt', 'be brief'], { systemPrompt: 'be brief' }],
    [['--append-system-prompt=also this'], { appendSystemPrompt: 'also this' }],
    [['--system-prompt-file', '/tmp/p.txt'], { systemPromptFile: '/tmp/p.txt' }],
    [['--permission-prompt-tool', 'stdio'], { permissionPromptTool: 'stdio' }],
    [['--debug'], { debug: true }],
    [['-d'], { debug: true }],
    [['--debug=api'], { debug: true }],
    [['--verbose'], { verbose: true }],
    [['-h'], { help: true }],
    [['--version'], { version: true }],
    [['-v'], { version: true }],
  ] as const)('parses %j', (argv, expected) => {
    expect(parseCommandLine(argv)).toMatchObject(expected);
  });

  it('parses -p with a prompt in either order, and clustered short flags', () => {
    expect(parseCommandLine(['-p', 'say hi'])).toMatchObject({
      print: true,
      mode: 'print',
      prompt: 'say hi',
    });
    expect(parseCommandLine(['say hi', '--print'])).toMatchObject({
      print: true,
      prompt: 'say hi',
    });
    expect(parseCommandLine(['-pc'])).toMatchObject({ print: true, continue: true });
    expect(parseCommandLine(['-p', '--', '--not-a-flag'])).toMatchObject({
      prompt: '--not-a-flag',
    });
    expect(parseCommandLine(['-p']).prompt).toBeUndefined();
  });

  it('reads our own options and keeps them out of the pass-through arguments', () => {
    const commandLine = parseCommandLine([
      '--backend',
      'gemini',
      '--agent-command=/opt/gemini',
      '--agent-arg',
      '--acp',
      '--agent-arg=--debug',
      '--config',
      '/tmp/rc.json',
      '-p',
      'hello',
      '--model=m',
    ]);
    expect(commandLine.own).toEqual({
      backend: 'gemini',
      agentCommand: '/opt/gemini',
      agentArgs: ['--acp', '--debug'],
      config: '/tmp/rc.json',
      json: false,
    });
    expect(commandLine.passthrough).toEqual(['-p', 'hello', '--model=m']);
  });

  it("CL-04: refuses unknown options in claude's words, with its did-you-mean", () => {
    expect(() => parseCommandLine([...sdkPrefix, '--brand-new-flag', 'value'])).toThrow(
      "error: unknown option '--brand-new-flag'",
    );
    expect(() => parseCommandLine(['-p', 'hi', '--modle', 'x'])).toThrow(
      "error: unknown option '--modle'\n(Did you mean --model?)",
    );
    expect(() => parseCommandLine(['-p', 'hi', '--backnd', 'gemini'])).toThrow(
      "error: unknown option '--backnd'\n(Did you mean --backend?)",
    );
    expect(() => parseCommandLine(['-p', 'hi', '--bare=x'])).toThrow(
      "error: unknown option '--bare=x'\n(Did you mean --bare?)",
    );
    expect(parseCommandLine(['--modle', '--help']).help).toBe(true);
    expect(parseCommandLine(['--version', '--modle']).version).toBe(true);
  });

  it('notes every flag an ACP agent cannot honour, once each', () => {
    const commandLine = parseCommandLine([
      ...sdkPrefix,
      '--thinking=adaptive',
      '--effort=high',
      '--task-budget',
      '5',
      '--betas=a,b',
      '--max-budget-usd=1',
      '--effort=low',
      '--permission-prompt-tool=mcp__x__ask',
    ]);
    expect(commandLine.unsupportedFlags).toEqual([
      'task-budget',
      'betas',
      'permission-prompt-tool',
    ]);
    expect(commandLine.limits).toMatchObject({
      thinking: 'adaptive',
      effort: 'low',
      maxBudgetUsd: 1,
    });
    expect(commandLine.permissionPromptTool).toBeUndefined();
  });

  it('recognises subcommands only as the first positional without -p', () => {
    expect(parseCommandLine(['doctor', 'gemini', 'codex', '--json'])).toMatchObject({
      subcommand: { name: 'doctor', args: ['gemini', 'codex'] },
      own: { json: true },
    });
    expect(parseCommandLine(['login', 'gemini']).subcommand).toEqual({
      name: 'login',
      args: ['gemini'],
    });
    expect(parseCommandLine(['-p', 'doctor'])).toMatchObject({ prompt: 'doctor' });
    expect(parseCommandLine(['-p', 'doctor']).subcommand).toBeUndefined();
  });

  it('gives the same result for `--flag value` and `--flag=value` for every value flag (property)', () => {
    const valueFlags = claudeOptions.filter(
      (flag) =>
        flag.arity === 'value' &&
        !flag.variadic &&
        !flag.choices &&
        flag.support !== 'refused' &&
        ![
          'output-format',
          'input-format',
          'permission-mode',
          'session-id',
          ...['max-turns', 'max-budget-usd', 'max-thinking-tokens', 'effort', 'thinking'],
          'fallback-model',
          'json-schema',
          'setting-sources',
        ].includes(flag.name),
    );
    fc.assert(
      fc.property(
        fc.subarray(valueFlags, { minLength: 1 }),
        fc.stringMatching(/^[a-z0-9][a-z0-9./_]{0,12}$/),
        (flags, value) => {
          const spaced = flags.flatMap((flag) => [`--${flag.name}`, value]);
          const joined = flags.map((flag) => `--${flag.name}=${value}`);
          const { passthrough: _spacedPassthrough, ...fromSpaced } = parseCommandLine(spaced);
          const { passthrough: _joinedPassthrough, ...fromJoined } = parseCommandLine(joined);
          expect(fromSpaced).toEqual(fromJoined);
        },
      ),
    );
  });
});
