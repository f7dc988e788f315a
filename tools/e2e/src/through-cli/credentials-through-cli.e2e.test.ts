import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGeminiWorld } from './__fixtures__/create-cli-world.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import { resultOf } from './__fixtures__/wire-queries.js';

/** What a Claude client's environment holds: none of it is Gemini's. */
const planted = {
  ANTHROPIC_API_KEY: 'sk-ant-planted-for-claude',
  CLAUDE_CODE_OAUTH_TOKEN: 'oauth-planted-for-claude',
  OPENAI_API_KEY: 'sk-openai-planted-for-codex',
};

describe("no vendor's credentials reach the real Gemini CLI 0.61.0 through agentbridge", () => {
  const gemini = useCliWorlds(createGeminiWorld);

  /** Gemini runs `printenv` with its own shell tool; the names of what that command saw. */
  async function namesSeenByGeminiShell(env: Record<string, string>) {
    const { world, run } = await gemini.start({
      world: { env: { ...planted, ...env } },
      query: { canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }) },
    });
    const command = 'printenv | cut -d= -f1 > names.txt';
    world.server.enqueueTurn({
      parts: [
        { functionCall: { name: 'run_shell_command', args: { command, description: 'Env' } } },
      ],
    });
    world.server.enqueueTurn({ parts: [{ text: 'Listed.' }] });
    const messages = await run.turn('List the variable names.');
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Listed.' });
    const text = readFileSync(join(world.directories.workDirectory, 'names.txt'), 'utf8');
    return text.split('\n').filter(Boolean);
  }

  it("EV-01 EV-02 Gemini and the command it runs get Google's key, not Anthropic's or OpenAI's", async () => {
    const names = await namesSeenByGeminiShell({});
    expect(names).toContain('GEMINI_API_KEY');
    expect(names).not.toContain('ANTHROPIC_API_KEY');
    expect(names).not.toContain('CLAUDE_CODE_OAUTH_TOKEN');
    expect(names).not.toContain('OPENAI_API_KEY');
  });

  it('EV-03 AGENTBRIDGE_PASS_ENV in the SDK env passes the named ones through', async () => {
    const names = await namesSeenByGeminiShell({
      AGENTBRIDGE_PASS_ENV: 'ANTHROPIC_API_KEY,OPENAI_API_KEY',
    });
    expect(names).toEqual(
      expect.arrayContaining(['GEMINI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY']),
    );
    expect(names).not.toContain('CLAUDE_CODE_OAUTH_TOKEN');
  });
});
