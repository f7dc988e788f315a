import { decidePermission } from '@agentbridge/bridge-acp';
import { parseShellCommand } from '@agentbridge/host-node';
import { describe, expect, it } from 'vitest';
import type { MessagesBody } from '../fake-anthropic-server.js';
import { claudeCodeBinary } from '../launch-claude.js';
import { createClaudeReferenceWorld } from '../through-cli/__fixtures__/create-more-worlds.js';
import { useCliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import { type RulePair, shellRuleCorpus } from './__fixtures__/shell-rule-corpus.js';

type Decision = 'allow' | 'ask' | 'deny';
const rank: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };
const reference = useCliWorlds(createClaudeReferenceWorld);
const askedMarker = 'ASKED-BY-CLAUDE';

/** The real Claude Code's decision on each command of one rule, all in one turn (parallel tool calls). */
async function claudeDecides(kind: RulePair['kind'], rule: string, commands: readonly string[]) {
  const asked = new Set<string>();
  const { world, run } = await reference.start({
    query: {
      pathToClaudeCodeExecutable: claudeCodeBinary(),
      ...(kind === 'allow' ? { allowedTools: [rule] } : { disallowedTools: [rule] }),
      canUseTool: async (_name, input) => {
        asked.add(String(input.command));
        return { behavior: 'deny', message: askedMarker };
      },
    },
  });
  const ids = commands.map((_, index) => `toolu_rule_${index}`);
  world.server.enqueueTurn({
    blocks: commands.map((command, index) => ({
      type: 'tool_use' as const,
      id: ids[index],
      name: 'Bash',
      input: { command, description: 'Run it' },
    })),
  });
  world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Done.' }] });
  await run.turn('Run the commands.');
  const requests = world.server.mainRequests().map(({ body }) => body as MessagesBody);
  const results = new Map<string, string>();
  for (const message of requests.flatMap((body) => body.messages ?? [])) {
    const content = Array.isArray(message.content) ? message.content : [];
    for (const block of content as { type?: string; tool_use_id?: string; content?: unknown }[])
      if (block.type === 'tool_result' && block.tool_use_id !== undefined)
        results.set(block.tool_use_id, JSON.stringify(block.content ?? ''));
  }
  return {
    directories: world.directories,
    decisions: commands.map((command, index): Decision => {
      const text = results.get(ids[index] ?? '') ?? '';
      if (asked.has(command) || text.includes(askedMarker)) return 'ask';
      return /denied|not allowed|refus|blocked/i.test(text) && !/\bhi\b/.test(text)
        ? 'deny'
        : 'allow';
    }),
    results: commands.map((_, index) => results.get(ids[index] ?? '') ?? ''),
  };
}

describe('RU-06 differential: shell permission rules, the real Claude Code and agentbridge', () => {
  const groups = new Map<string, RulePair[]>();
  for (const pair of shellRuleCorpus) {
    const key = `${pair.kind} ${pair.rule}`;
    groups.set(key, [...(groups.get(key) ?? []), pair]);
  }
  const stricter: string[] = [];
  it(`RU-06 agentbridge is never more permissive than Claude Code on ${shellRuleCorpus.length} (rule, command) pairs (RU-02, RU-03, RU-04)`, async () => {
    expect(shellRuleCorpus.length).toBeGreaterThanOrEqual(120);
    const looser: string[] = [];
    for (const [key, group] of groups) {
      const { kind, rule } = group[0] as RulePair;
      const commands = group.map((pair) => pair.command);
      const claude = await claudeDecides(kind, rule, commands);
      const { workDirectory: cwd, homeDirectory } = claude.directories;
      for (const [index, command] of commands.entries()) {
        const shell = await parseShellCommand(command);
        const question = { toolName: 'Bash', input: { command }, cwd, homeDirectory, shell };
        const bridge = decidePermission({
          ...question,
          ...(kind === 'allow' ? { allowedTools: [rule] } : { disallowedTools: [rule] }),
        });
        const reference = claude.decisions[index] ?? 'ask';
        const line = `  ${key}  ${JSON.stringify(command)}: claude ${reference}, agentbridge ${bridge}`;
        if (rank[bridge] < rank[reference])
          looser.push(`${line}  (${claude.results[index]?.slice(0, 120)})`);
        else if (rank[bridge] > rank[reference]) stricter.push(line);
      }
    }
    process.stdout.write(
      `\nshell rules: ${shellRuleCorpus.length} pairs; agentbridge stricter on ${stricter.length}:\n${stricter.join('\n')}\n`,
    );
    expect(looser, `agentbridge more permissive than Claude Code:\n${looser.join('\n')}`).toEqual(
      [],
    );
  }, 600_000);
});
