import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  HookEvent,
  HookInput,
  HookJSONOutput,
  Options,
  PermissionResult,
} from '@anthropic-ai/claude-agent-sdk';
import type { AnthropicTurn, FakeAnthropicServer } from '../../fake-anthropic-server.js';
import { limitAndHookScenarios } from './limit-hook-scenarios.js';

/** The side a scenario is played on: the real Claude Code, or agentbridge and claude-agent-acp. */
export type Side = 'claude' | 'bridge';

/** One client hook of a scenario: its matcher and its answer. */
export type ScenarioHook = {
  readonly matcher?: string;
  readonly reply: (input: HookInput) => HookJSONOutput;
};

/** One scripted conversation, played by the same fake Messages API behind both sides. */
export type DifferentialScenario = {
  readonly name: string;
  /** Behaviour ids the scenario checks besides DF-01/DF-02 (`'LM-01 '`), for the test's name. */
  readonly cites?: string;
  readonly prompt: string;
  /** Files the project holds before the turn. */
  readonly setup?: (work: string) => void;
  /**
   * The model's answers, in order (paths in the run's own project directory); `side` only where
   * the two sides offer the model a tool under different names.
   */
  readonly turns: (work: string, side: Side) => readonly AnthropicTurn[];
  /** More `query()` options (`maxTurns`, `outputFormat`, `settings`: `--settings`). */
  readonly options?: Pick<Options, 'maxTurns' | 'outputFormat' | 'settings'>;
  /** The client's hooks, one matcher per event, recorded as they are called. */
  readonly hooks?: Partial<Record<HookEvent, ScenarioHook>>;
  /** A second prompt after the first turn's result (the session goes on after a limit). */
  readonly followUp?: string;
  /** Runs after the first turn's result, before `followUp` (e.g. takes a turn left unasked). */
  readonly afterFirstTurn?: (server: FakeAnthropicServer) => Promise<void>;
  /** Strings some model request must contain (a hook's additional context). */
  readonly modelSees?: readonly string[];
  /** The client's `canUseTool` answer (default: allow as asked). */
  readonly answer?: (toolName: string, input: Record<string, unknown>) => PermissionResult;
  /** The echo MCP server is configured (`mcpServers`). */
  readonly mcp?: boolean;
  /**
   * The first turn's stream is held open and the client interrupts after its first text delta;
   * then a second prompt (`Go on.`) gets the remaining turns.
   */
  readonly interrupt?: boolean;
};

const done = (text = 'Done.'): AnthropicTurn => ({ blocks: [{ type: 'text', text }] });

/**
 * The scenarios: text, shell allow and deny, file write and edit, a todo list, MCP, interrupt;
 * then the limits, hooks and structured output of {@link limitAndHookScenarios}.
 */
export const differentialScenarios: readonly DifferentialScenario[] = [
  {
    name: 'text',
    prompt: 'Say hello.',
    turns: () => [
      {
        blocks: [
          { type: 'thinking', thinking: 'The user greets me.' },
          { type: 'text', text: 'Hello from the fake model.' },
        ],
      },
    ],
  },
  {
    name: 'shell allow',
    prompt: 'Create hello.txt with a shell command.',
    turns: (work) => [
      {
        blocks: [
          { type: 'text', text: 'Running a command.' },
          {
            type: 'tool_use',
            name: 'Bash',
            input: {
              command: `echo hi > ${work}/hello.txt && cat ${work}/hello.txt`,
              description: 'Create hello.txt',
            },
          },
        ],
      },
      done('Created hello.txt.'),
    ],
  },
  {
    name: 'shell deny',
    prompt: 'Delete the build directory.',
    answer: () => ({ behavior: 'deny', message: 'Not in this project.' }),
    turns: (work) => [
      {
        blocks: [
          {
            type: 'tool_use',
            name: 'Bash',
            input: { command: `rm -rf ${work}/build`, description: 'Delete build' },
          },
        ],
      },
      done('Understood, not deleting it.'),
    ],
  },
  {
    name: 'file write',
    prompt: 'Write notes.md.',
    turns: (work) => [
      {
        blocks: [
          {
            type: 'tool_use',
            name: 'Write',
            input: { file_path: `${work}/notes.md`, content: '# Notes\n\nFirst line.\n' },
          },
        ],
      },
      done('Wrote notes.md.'),
    ],
  },
  {
    name: 'file edit',
    prompt: 'Fix the greeting in greet.txt.',
    setup: (work) => writeFileSync(join(work, 'greet.txt'), 'Helo, world.\n'),
    turns: (work) => [
      { blocks: [{ type: 'tool_use', name: 'Read', input: { file_path: `${work}/greet.txt` } }] },
      {
        blocks: [
          {
            type: 'tool_use',
            name: 'Edit',
            input: { file_path: `${work}/greet.txt`, old_string: 'Helo', new_string: 'Hello' },
          },
        ],
      },
      done('Fixed the greeting.'),
    ],
  },
  {
    name: 'todo list',
    prompt: 'Plan the work.',
    turns: () => [
      {
        blocks: [
          {
            type: 'tool_use',
            name: 'TodoWrite',
            input: {
              todos: [
                {
                  content: 'Write the notes',
                  status: 'in_progress',
                  activeForm: 'Writing the notes',
                },
                { content: 'Review them', status: 'pending', activeForm: 'Reviewing them' },
              ],
            },
          },
        ],
      },
      done('Planned.'),
    ],
  },
  {
    name: 'mcp tool',
    prompt: 'Echo ping through the MCP server.',
    mcp: true,
    turns: () => [
      { blocks: [{ type: 'tool_use', name: 'mcp__echo__echo', input: { text: 'ping' } }] },
      done('The server echoed.'),
    ],
  },
  {
    name: 'interrupt',
    prompt: 'Count slowly.',
    interrupt: true,
    // After the interrupted turn the next prompt works (its answer is the second turn).
    turns: () => [
      { blocks: [{ type: 'text', text: 'Counting: 1, 2, ' }], hold: true },
      done('Back again.'),
    ],
  },
  ...limitAndHookScenarios,
];
