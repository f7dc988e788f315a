import type { AnthropicTurn, FakeAnthropicServer } from '../../fake-anthropic-server.js';
import type { DifferentialScenario } from './differential-scenarios.js';

const schema = {
  type: 'object',
  properties: { answer: { type: 'number' } },
  required: ['answer'],
  additionalProperties: false,
};

/** A command hook that writes its input's keys to `$CLAUDE_PROJECT_DIR/hook-keys.txt`, then blocks. */
const keysHook =
  "node -e \"let s='';process.stdin.on('data',(d)=>s+=d).on('end',()=>{require('fs').writeFileSync(process.env.CLAUDE_PROJECT_DIR+'/hook-keys.txt',Object.keys(JSON.parse(s)).join(' ')+'\\n');process.stderr.write('no shell here\\n');process.exit(2)})\"";

/** The model tries a shell command, then takes its refusal. */
const shellRefused = (work: string): AnthropicTurn[] => [
  {
    blocks: [
      {
        type: 'tool_use',
        name: 'Bash',
        input: { command: `echo hi > ${work}/shell.txt`, description: 'Write shell.txt' },
      },
    ],
  },
  { blocks: [{ type: 'text', text: 'Understood, no shell.' }] },
];

/** Asks the fake server's next (held) main-loop answer ourselves, and goes away once it started. */
async function takeHeldTurn(server: FakeAnthropicServer): Promise<void> {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'drain',
      stream: true,
      tools: [{ name: 'drain' }],
      messages: [],
    }),
    signal: abort.signal,
  });
  await response.body?.getReader().read();
  abort.abort();
}

/** Scenarios of the client's limits, hooks and structured output (issues 9 and 10). */
export const limitAndHookScenarios: readonly DifferentialScenario[] = [
  {
    // LM-01: the model call after the tool is past the limit: Claude Code ends the turn before
    // it. The bridge can only cancel once it sees the tool complete: claude-agent-acp's Claude
    // Code may have made that call already. Its answer is held open and empty, so that it shows
    // nothing, and taken here when nobody asked for it; the next prompt gets the next answer.
    name: 'max turns',
    cites: 'LM-01 LM-02 ',
    prompt: 'Write two files, one command each.',
    options: { maxTurns: 1 },
    followUp: 'Go on.',
    afterFirstTurn: async (server) => {
      if (server.mainRequests().length < 2) await takeHeldTurn(server);
    },
    turns: (work) => [
      {
        blocks: [
          {
            type: 'tool_use',
            name: 'Bash',
            input: { command: `echo 1 > ${work}/one.txt`, description: 'Write one.txt' },
          },
        ],
      },
      { blocks: [], hold: true },
      { blocks: [{ type: 'text', text: 'Back again.' }] },
    ],
  },
  {
    // HK-06: denied before anyone is asked; the model gets the reason, the client a denial.
    name: 'pre-tool hook deny',
    cites: 'HK-03 HK-06 ',
    prompt: 'Make shell.txt with the shell.',
    hooks: {
      PreToolUse: {
        matcher: 'Bash',
        reply: () => ({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'No shell in this project.',
          },
        }),
      },
    },
    turns: shellRefused,
  },
  {
    // HK-30, HK-31: a command hook of the settings (`--settings`, which agentbridge runs itself:
    // claude-agent-acp's Claude Code never sees it) blocks with exit 2 and its stderr; it writes
    // the keys of its hook input to the project, whose files both sides must hold alike.
    name: 'settings command hook block',
    cites: 'SE-06 HK-30 HK-31 ',
    prompt: 'Make shell.txt with the shell.',
    options: {
      settings: {
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: keysHook }] }],
        },
      },
    },
    turns: shellRefused,
  },
  {
    // SO-01, SO-02: the model answers through the StructuredOutput tool. Claude Code offers it
    // as a built-in tool; through claude-agent-acp it is the bridge's MCP server `agentbridge`.
    name: 'structured output',
    cites: 'SO-01 SO-02 ',
    prompt: 'What is six times seven?',
    options: { outputFormat: { type: 'json_schema', schema } },
    turns: (_work, side) => [
      {
        blocks: [
          {
            type: 'tool_use',
            name: side === 'claude' ? 'StructuredOutput' : 'mcp__agentbridge__StructuredOutput',
            input: { answer: 42 },
          },
        ],
      },
      // Only an ACP agent calls its model again after the tool (the bridge cannot end its turn).
      { blocks: [{ type: 'text', text: 'Answered.' }] },
    ],
  },
  {
    // HK-11, HK-12: UserPromptSubmit's context reaches the model; Stop fires once at the end.
    name: 'prompt and stop hooks',
    cites: 'HK-03 HK-11 HK-12 ',
    prompt: 'Remember the word.',
    hooks: {
      UserPromptSubmit: {
        reply: () => ({
          hookSpecificOutput: {
            hookEventName: 'UserPromptSubmit',
            additionalContext: 'The secret word is pineapple.',
          },
        }),
      },
      Stop: { reply: () => ({}) },
    },
    modelSees: ['The secret word is pineapple.'],
    turns: () => [{ blocks: [{ type: 'text', text: 'Noted.' }] }],
  },
];
