import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { createScratchDirectory } from '../launch-agent.js';
import { createGeminiWorld } from './__fixtures__/create-cli-world.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { permissionAnswers, resultOf, toolResults } from './__fixtures__/wire-queries.js';

const call = (name: string, args: Record<string, unknown>) => ({
  parts: [{ functionCall: { name, args } }],
});

/** Writes the project's `.claude/settings.json` (Claude Code's project settings file). */
function writeProjectSettings(workDirectory: string, settings: unknown): void {
  mkdirSync(join(workDirectory, '.claude'), { recursive: true });
  writeFileSync(join(workDirectory, '.claude', 'settings.json'), JSON.stringify(settings));
}

const initOf = (messages: readonly SDKMessage[]) =>
  messages.find((message) => message.type === 'system' && message.subtype === 'init') as
    | { model?: string }
    | undefined;

describe('Claude Code settings files on the real Gemini CLI 0.61.0, through agentbridge', () => {
  const gemini = useCliWorlds(createGeminiWorld);

  it('SE-06 HK-30 HK-31 a PreToolUse command hook of .claude/settings.json blocks Bash with its stderr', async () => {
    const asked: string[] = [];
    // The settings file exists before the SDK starts agentbridge, which reads it at launch.
    const directories = {
      homeDirectory: createScratchDirectory('cli-gemini-home'),
      workDirectory: createScratchDirectory('cli-gemini-work'),
    };
    const command =
      'cat > "$CLAUDE_PROJECT_DIR/hook-input.json"; echo "no shell in this project" >&2; exit 2';
    writeProjectSettings(directories.workDirectory, {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] },
    });
    const { world, run } = await gemini.start({
      query: {
        canUseTool: async (toolName, input) => {
          asked.push(toolName);
          return { behavior: 'allow', updatedInput: input };
        },
      },
      world: { directories },
    });
    const work = world.directories.workDirectory;
    world.server.enqueueTurn(
      call('run_shell_command', { command: 'echo hi > shell.txt', description: 'Write' }),
    );
    world.server.enqueueTurn({ parts: [{ text: 'Understood, no shell.' }] });
    const messages = await run.turn('Make shell.txt with the shell.');

    expect(existsSync(join(work, 'shell.txt'))).toBe(false);
    expect(asked).toEqual([]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({
        is_error: true,
        content: `PreToolUse:Bash hook error: [${command}]: no shell in this project\n`,
      }),
    ]);
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'cancel' } },
    ]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      permission_denials: [expect.objectContaining({ tool_name: 'Bash' })],
    });
    // Claude Code's hook input keys, on the hook's stdin.
    const input = JSON.parse(readFileSync(join(work, 'hook-input.json'), 'utf8'));
    expect(Object.keys(input)).toEqual([
      'session_id',
      'transcript_path',
      'cwd',
      'prompt_id',
      'permission_mode',
      'hook_event_name',
      'tool_name',
      'tool_input',
      'tool_use_id',
    ]);
    expect(input).toMatchObject({
      cwd: work,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: expect.objectContaining({ command: expect.stringContaining('echo hi') }),
    });
  });

  it("SE-04 permissions.deny from the SDK's settings (--settings '{…}') denies without asking", async () => {
    const asked: string[] = [];
    const { world, run } = await gemini.start({
      query: {
        settings: { permissions: { deny: ['Bash(echo:*)'] } },
        canUseTool: async (toolName, input) => {
          asked.push(toolName);
          return { behavior: 'allow', updatedInput: input };
        },
      },
    });
    const work = world.directories.workDirectory;
    world.server.enqueueTurn(
      call('run_shell_command', { command: 'echo hi > denied.txt', description: 'Write' }),
    );
    world.server.enqueueTurn({ parts: [{ text: 'Denied, fine.' }] });
    const messages = await run.turn('Make denied.txt with the shell.');

    expect(existsSync(join(work, 'denied.txt'))).toBe(false);
    expect(asked).toEqual([]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({
        is_error: true,
        content: "Permission to use Bash has been denied by the session's permission settings.",
      }),
    ]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      permission_denials: [expect.objectContaining({ tool_name: 'Bash' })],
    });
  });

  it("SE-07 model: 'sonnet' selects Gemini's mapped Flash model; system/init names it", async () => {
    const { world, run } = await gemini.start({ query: { model: 'sonnet' } });
    world.server.enqueueTurn({ parts: [{ text: 'On flash.' }] });
    const messages = await run.turn('Which model?');

    expect(world.sent('session/set_model')).toEqual([
      expect.objectContaining({ modelId: 'gemini-3.8-flash' }),
    ]);
    expect(initOf(messages)?.model).toBe('gemini-3.8-flash');
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'On flash.' });
    expect(world.server.streamRequests().at(-1)?.path).toBe(
      '/v1beta/models/gemini-3.8-flash:streamGenerateContent',
    );
  });
});
