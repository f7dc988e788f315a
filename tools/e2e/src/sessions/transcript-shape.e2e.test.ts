import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execCommandCall } from '../fake-openai-server.js';
import { claudeCodeBinary } from '../launch-claude.js';
import {
  createCodexWorld,
  createGeminiWorld,
} from '../through-cli/__fixtures__/create-cli-world.js';
import { createClaudeReferenceWorld } from '../through-cli/__fixtures__/create-more-worlds.js';
import { useCliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import { resultOf } from '../through-cli/__fixtures__/wire-queries.js';
import { projectDirectoryOf, transcriptLines } from './__fixtures__/session-files.js';

const reference = useCliWorlds(createClaudeReferenceWorld);
const gemini = useCliWorlds(createGeminiWorld);
const codex = useCliWorlds(createCodexWorld);
const allow = async (_name: string, input: Record<string, unknown>) =>
  ({ behavior: 'allow', updatedInput: input }) as const;

type Line = Record<string, unknown> & { message?: { content: unknown } };

/** The first conversation entry of each kind: a prompt, an assistant text, a tool use, a tool result. */
function byKind(lines: readonly Line[]): Record<string, Line | undefined> {
  const blockType = (line: Line) => {
    const content = line.message?.content;
    return Array.isArray(content) ? (content[0] as { type: string }).type : 'text';
  };
  const kinds: Record<string, Line | undefined> = {};
  for (const line of lines) {
    if (line.type !== 'user' && line.type !== 'assistant') continue;
    const kind = `${line.type}/${blockType(line)}`;
    kinds[kind] ??= line;
  }
  return kinds;
}

/** Fields every conversation entry carries, as the real Claude Code writes them. */
const common = [
  'parentUuid',
  'isSidechain',
  'type',
  'message',
  'uuid',
  'timestamp',
  'userType',
  'entrypoint',
  'cwd',
  'sessionId',
  'version',
  'gitBranch',
];
const extra: Record<string, string[]> = {
  'user/tool_result': ['toolUseResult', 'sourceToolAssistantUUID'],
};
const blockKeys = (line: Line | undefined) =>
  Object.keys(((line?.message?.content ?? []) as object[])[0] ?? {}).sort();

describe('transcript entries shaped as the real Claude Code writes them', () => {
  it('SN-04 the same script through the real Claude Code 2.1.332 and through agentbridge on Gemini CLI', async () => {
    const claude = await reference.start({
      keepDirectories: true,
      query: { pathToClaudeCodeExecutable: claudeCodeBinary(), canUseTool: allow },
    });
    claude.world.server.enqueueTurn({
      blocks: [
        { type: 'text', text: 'Writing it.' },
        {
          type: 'tool_use',
          name: 'Write',
          input: {
            file_path: join(claude.world.directories.workDirectory, 'a.txt'),
            content: 'hi\n',
          },
        },
      ],
    });
    claude.world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Done.' }] });
    const claudeId = resultOf(await claude.run.turn('Write a.txt')).session_id;
    await reference.finishEarly(claude.world);

    const bridged = await gemini.start({ keepDirectories: true, query: { canUseTool: allow } });
    bridged.world.server.enqueueTurn({
      parts: [
        { text: 'Writing it.' },
        {
          functionCall: {
            name: 'write_file',
            args: {
              file_path: join(bridged.world.directories.workDirectory, 'a.txt'),
              content: 'hi\n',
            },
          },
        },
      ],
    });
    bridged.world.server.enqueueTurn({ parts: [{ text: 'Done.' }] });
    const bridgedId = resultOf(await bridged.run.turn('Write a.txt')).session_id;
    await gemini.finishEarly(bridged.world);

    const real = transcriptLines(claude.world.directories, claudeId) as Line[];
    const ours = transcriptLines(bridged.world.directories, bridgedId) as Line[];
    const realKinds = byKind(real);
    const ourKinds = byKind(ours);
    const kinds = ['user/text', 'assistant/text', 'assistant/tool_use', 'user/tool_result'];
    for (const kind of kinds) {
      const fields = [...common, ...(extra[kind] ?? [])];
      // The list is the real one's: every field is on Claude Code's entry, and on ours.
      expect({
        kind,
        missing: fields.filter((field) => !(field in (realKinds[kind] ?? {}))),
      }).toEqual({ kind, missing: [] });
      expect({
        kind,
        missing: fields.filter((field) => !(field in (ourKinds[kind] ?? {}))),
      }).toEqual({ kind, missing: [] });
      // Every field of Claude Code's content block is on ours (`is_error` may be on ours only).
      const ourBlock = blockKeys(ourKinds[kind]);
      expect({
        kind,
        block: blockKeys(realKinds[kind]).filter((key) => !ourBlock.includes(key)),
      }).toEqual({ kind, block: [] });
      for (const field of ['isSidechain', 'userType', 'entrypoint'])
        expect({ kind, field, value: ourKinds[kind]?.[field] }).toEqual({
          kind,
          field,
          value: realKinds[kind]?.[field],
        });
    }
    // Both chains start at the prompt; an assistant reply shares its message id across blocks.
    expect(ourKinds['user/text']?.parentUuid).toBeNull();
    expect(realKinds['user/text']?.parentUuid).toBeNull();
    const messageIds = (lines: readonly Line[]) =>
      new Set(
        lines
          .filter((line) => line.type === 'assistant')
          .map((line) => (line.message as unknown as { id: string }).id),
      ).size;
    expect(messageIds(ours)).toBe(messageIds(real));
    // Both end the turn with a last-prompt line naming the leaf.
    for (const lines of [real, ours])
      expect(lines.findLast((line) => line.type === 'last-prompt')).toMatchObject({
        lastPrompt: 'Write a.txt',
      });
  });

  it('SN-14 a 100 000-character Bash output is kept beside the transcript by the real Claude Code and by agentbridge on codex-acp', async () => {
    const command = `head -c 100000 /dev/zero | tr '\\0' x`;
    const claude = await reference.start({
      keepDirectories: true,
      query: { pathToClaudeCodeExecutable: claudeCodeBinary(), canUseTool: allow },
    });
    claude.world.server.enqueueTurn({
      blocks: [{ type: 'tool_use', name: 'Bash', input: { command, description: 'Print' } }],
    });
    claude.world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Done.' }] });
    const claudeId = resultOf(await claude.run.turn('Print a lot')).session_id;
    await reference.finishEarly(claude.world);

    // Gemini CLI gives its shell output to the model, not to the client: codex-acp gives both.
    const bridged = await codex.start({ keepDirectories: true, query: { canUseTool: allow } });
    bridged.world.server.enqueueTurn({ items: [execCommandCall(command, 'call_big')] });
    bridged.world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Done.'] }] });
    const bridgedId = resultOf(await bridged.run.turn('Print a lot')).session_id;
    await codex.finishEarly(bridged.world);

    const stored = (directories: typeof claude.world.directories, sessionId: string) => {
      const lines = transcriptLines(directories, sessionId) as Line[];
      const entry = byKind(lines)['user/tool_result'];
      const block = ((entry?.message?.content ?? []) as { content: string }[])[0];
      const folder = join(projectDirectoryOf(directories), sessionId, 'tool-results');
      const path = /Full output saved to: (\S+)/.exec(block?.content ?? '')?.[1] ?? '';
      return { entry, content: block?.content ?? '', folder, path };
    };
    const real = stored(claude.world.directories, claudeId);
    const ours = stored(bridged.world.directories, bridgedId);
    for (const { entry, content, folder, path } of [real, ours]) {
      expect(content).toMatch(
        /^<persisted-output>\nOutput too large \(\d+(\.\d)?KB\)\. Full output saved to: \S+\.txt\n\nPreview \(first 2KB\):\n/,
      );
      expect(content.endsWith('\n...\n</persisted-output>')).toBe(true);
      expect(content.length).toBeLessThan(3_000);
      // The whole output is in a file of the session's tool-results directory beside the transcript.
      expect(path.startsWith(`${folder}/`)).toBe(true);
      expect(readFileSync(path, 'utf8')).toContain('x'.repeat(100_000));
      // The entry stays small: Bash's stdout is cut at 30 000 characters, and names the file.
      expect(JSON.stringify(entry).length).toBeLessThan(40_000);
    }
    expect(real.entry?.toolUseResult).toMatchObject({ persistedOutputPath: real.path });
    // codex-acp gives no structured Bash result: the entry's toolUseResult is the stored block.
    expect(ours.entry?.toolUseResult).toBe(ours.content);
  });
});
