import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookCallbackMatcher, HookInput } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { createCodexWorld, createGeminiWorld } from './__fixtures__/create-cli-world.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { permissionAnswers, resultOf, toolResults } from './__fixtures__/wire-queries.js';

type Asked = string[];

/** A hook matcher that records every input and answers `reply(input)`. */
function recorder(
  inputs: HookInput[],
  reply: (input: HookInput) => object = () => ({}),
): HookCallbackMatcher {
  return {
    hooks: [
      async (input) => {
        inputs.push(input);
        return reply(input);
      },
    ],
  };
}

/** `canUseTool` that allows everything and records the tool names it was asked for. */
const allowAll = (asked: Asked) => ({
  canUseTool: async (toolName: string, input: Record<string, unknown>) => {
    asked.push(toolName);
    return { behavior: 'allow' as const, updatedInput: input };
  },
});

const call = (name: string, args: Record<string, unknown>) => ({
  parts: [{ functionCall: { name, args } }],
});

describe('hooks and limits on the real Gemini CLI 0.61.0, through agentbridge', () => {
  const gemini = useCliWorlds(createGeminiWorld);

  it('HK-06 a PreToolUse deny keeps the command from running; the model gets the denial, the client Claude text', async () => {
    const inputs: HookInput[] = [];
    const asked: Asked = [];
    const deny = () => ({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'No shell in this project.',
      },
    });
    const { world, run } = await gemini.start({
      query: {
        ...allowAll(asked),
        hooks: { PreToolUse: [{ matcher: 'Bash', ...recorder(inputs, deny) }] },
      },
    });
    const work = world.directories.workDirectory;
    world.server.enqueueTurn(
      call('run_shell_command', { command: 'echo hi > shell.txt', description: 'Write' }),
    );
    world.server.enqueueTurn({ parts: [{ text: 'Understood, no shell.' }] });
    const messages = await run.turn('Make shell.txt with the shell.');

    expect(existsSync(join(work, 'shell.txt'))).toBe(false);
    expect(asked).toEqual([]);
    expect(inputs).toEqual([
      expect.objectContaining({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: expect.objectContaining({
          command: expect.stringContaining('echo hi > shell.txt'),
        }),
        cwd: work,
      }),
    ]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({
        is_error: true,
        content: 'PreToolUse:Bash hook error: No shell in this project.',
      }),
    ]);
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'cancel' } },
    ]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Understood, no shell.',
      permission_denials: [expect.objectContaining({ tool_name: 'Bash' })],
    });
    // The model was told the call did not run (ACP carries the agent's own words, not the reason).
    expect(JSON.stringify(world.server.lastContents())).toMatch(/run_shell_command[\s\S]*cancel/);
  });

  it("HK-11 UserPromptSubmit's additionalContext is in the model's request with the prompt", async () => {
    const inputs: HookInput[] = [];
    const context = () => ({
      hookSpecificOutput: {
        hookEventName: 'UserPromptSubmit',
        additionalContext: 'The secret word is pineapple.',
      },
    });
    const { world, run } = await gemini.start({
      query: { hooks: { UserPromptSubmit: [recorder(inputs, context)] } },
    });
    world.server.enqueueTurn({ parts: [{ text: 'Noted.' }] });
    const messages = await run.turn('Remember the word.');

    expect(inputs).toEqual([
      expect.objectContaining({
        hook_event_name: 'UserPromptSubmit',
        prompt: 'Remember the word.',
      }),
    ]);
    const request = JSON.stringify(world.server.lastContents().at(-1));
    expect(request).toContain('Remember the word.');
    expect(request).toContain('The secret word is pineapple.');
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Noted.' });
  });

  it('HK-13 HK-12 PostToolUse and Stop fire once each, in that order', async () => {
    const inputs: HookInput[] = [];
    const asked: Asked = [];
    const { world, run } = await gemini.start({
      query: {
        ...allowAll(asked),
        hooks: { PostToolUse: [recorder(inputs)], Stop: [recorder(inputs)] },
      },
    });
    const target = join(world.directories.workDirectory, 'hello.txt');
    world.server.enqueueTurn(call('write_file', { file_path: target, content: 'hi\n' }));
    world.server.enqueueTurn({ parts: [{ text: 'Wrote hello.txt.' }] });
    const messages = await run.turn('Write hello.txt');

    expect(readFileSync(target, 'utf8')).toBe('hi\n');
    expect(inputs.map((input) => input.hook_event_name)).toEqual(['PostToolUse', 'Stop']);
    expect(inputs[0]).toMatchObject({
      tool_name: 'Write',
      tool_input: { file_path: target, content: 'hi\n' },
    });
    expect(inputs[1]).toMatchObject({
      stop_hook_active: false,
      last_assistant_message: 'Wrote hello.txt.',
    });
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Wrote hello.txt.' });
  });

  it('LM-01 maxTurns: 1 ends error_max_turns before a second tool runs', async () => {
    const asked: Asked = [];
    const { world, run } = await gemini.start({ query: { ...allowAll(asked), maxTurns: 1 } });
    const work = world.directories.workDirectory;
    world.server.enqueueTurn(
      call('write_file', { file_path: join(work, 'first.txt'), content: '1\n' }),
    );
    world.server.enqueueTurn(
      call('write_file', { file_path: join(work, 'second.txt'), content: '2\n' }),
    );
    const messages = await run.turn('Write two files, one at a time.');

    expect(readFileSync(join(work, 'first.txt'), 'utf8')).toBe('1\n');
    expect(existsSync(join(work, 'second.txt'))).toBe(false);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'error_max_turns',
      is_error: true,
      errors: ['Reached maximum number of turns (1)'],
      num_turns: 2,
    });
    expect(world.sent('session/cancel')).toHaveLength(1);
    expect(asked).toEqual(['Write']);

    // Gemini may have been stopped before it asked for its second model turn (the second
    // write_file): that scripted turn is then taken here, so that the next prompt gets its own.
    if (world.server.streamRequests().length < 2)
      await fetch(`${world.server.url}/v1beta/models/drain:streamGenerateContent`, {
        method: 'POST',
        body: '{}',
      }).then((response) => response.text());
    world.server.enqueueTurn({ parts: [{ text: 'Back again.' }] });
    expect(resultOf(await run.turn('Say something.'))).toMatchObject({
      subtype: 'success',
      result: 'Back again.',
    });
  });
});

describe('--effort on the real codex-acp 0.16.0, through agentbridge', () => {
  const codex = useCliWorlds(createCodexWorld);

  it("LM-06 effort: 'low' sets reasoning_effort before the first prompt; the model request carries it", async () => {
    const { world, run } = await codex.start({ query: { effort: 'low' } });
    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Quick answer.'] }] });
    const messages = await run.turn('Answer quickly.');

    expect(world.sent('session/set_config_option')).toEqual([
      expect.objectContaining({ configId: 'reasoning_effort', value: 'low' }),
    ]);
    const methods = world
      .wire()
      .flatMap((entry) => (entry.direction === 'client->agent' ? [entry.message.method] : []));
    expect(methods.indexOf('session/set_config_option')).toBeLessThan(
      methods.indexOf('session/prompt'),
    );
    expect(world.server.lastBody()).toMatchObject({ reasoning: { effort: 'low' } });
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Quick answer.' });
  });
});
