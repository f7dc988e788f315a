import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { decidePermission } from '@agentbridge/bridge-acp';
import { parseShellCommand } from '@agentbridge/host-node';
import type { Options } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import type { MessagesBody } from '../fake-anthropic-server.js';
import { createScratchDirectory } from '../launch-agent.js';
import { claudeCodeBinary } from '../launch-claude.js';
import { createClaudeReferenceWorld } from '../through-cli/__fixtures__/create-more-worlds.js';
import { startCliRun } from '../through-cli/__fixtures__/start-cli-run.js';
import { useCliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import {
  corpusFiles,
  type Place,
  type ToolCallCase,
  type ToolRuleGroup,
  toolRuleCorpus,
} from './__fixtures__/tool-rule-corpus.js';

type Decision = 'allow' | 'ask' | 'deny';
const rank: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };
const reference = useCliWorlds(createClaudeReferenceWorld);
const askedMarker = 'ASKED-BY-CLAUDE';
type Places = Record<Place, string>;

const fill = (text: string, places: Places) =>
  text
    .replaceAll('{outsideName}', basename(places.outside))
    .replaceAll('/{outside}', places.outside);

/** The call's tool input, the way the model sends it. */
function inputOf(call: ToolCallCase, places: Places): Record<string, unknown> {
  if (call.tool === 'Bash') return { command: call.command, description: 'Run it' };
  if (call.tool === 'WebFetch') return { url: call.url, prompt: 'Summarise it.' };
  const file_path = join(places[call.place], call.path);
  return call.tool === 'Read' ? { file_path } : { file_path, content: 'new\n' };
}
const keyOf = (name: string, input: Record<string, unknown>) =>
  `${name} ${String(input.command ?? input.file_path ?? input.url)}`;

function createPlaces(): Places {
  const places = {
    home: createScratchDirectory('rules-home'),
    work: createScratchDirectory('rules-work'),
    outside: createScratchDirectory('rules-outside'),
  };
  for (const { place, path } of corpusFiles) {
    const file = join(places[place], path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${path}\n`);
  }
  return places;
}

/** The real Claude Code's decision on each call of one group, all in one turn (parallel tool calls). */
async function claudeDecides(group: ToolRuleGroup, places: Places) {
  const asked = new Set<string>();
  const query: Options = {
    pathToClaudeCodeExecutable: claudeCodeBinary(),
    ...(group.mode === undefined ? {} : { permissionMode: group.mode }),
    allowedTools: (group.allow ?? []).map((rule) => fill(rule, places)),
    disallowedTools: (group.deny ?? []).map((rule) => fill(rule, places)),
    canUseTool: async (name, input) => {
      asked.add(keyOf(name, input));
      return { behavior: 'deny', message: askedMarker };
    },
  };
  const directories = { homeDirectory: places.home, workDirectory: places.work };
  // A WebFetch Claude allows tries the network: its world is run here, the proxy trap refusing it.
  const fetches = group.calls.some((call) => call.tool === 'WebFetch');
  const { world, run } = fetches
    ? await (async () => {
        const world = await createClaudeReferenceWorld({ directories });
        return { world, run: startCliRun(world, { includePartialMessages: true, ...query }) };
      })()
    : await reference.start({ world: { directories }, query });
  const inputs = group.calls.map((call) => inputOf(call, places));
  const ids = inputs.map((_, index) => `toolu_rule_${index}`);
  world.server.enqueueTurn({
    blocks: group.calls.map((call, index) => ({
      type: 'tool_use' as const,
      id: `toolu_rule_${index}`,
      name: call.tool,
      input: inputs[index] ?? {},
    })),
  });
  world.server.enqueueTurn({ blocks: [{ type: 'text', text: 'Done.' }] });
  await run.turn('Use the tools.');
  const requests = world.server.mainRequests().map(({ body }) => body as MessagesBody);
  if (fetches) {
    await run.finish(false);
    expect(await world.dispose()).toEqual([]);
  }
  const results = new Map<string, string>();
  for (const message of requests.flatMap((body) => body.messages ?? [])) {
    const content = Array.isArray(message.content) ? message.content : [];
    for (const block of content as { type?: string; tool_use_id?: string; content?: unknown }[])
      if (block.type === 'tool_result' && block.tool_use_id !== undefined)
        results.set(block.tool_use_id, JSON.stringify(block.content ?? ''));
  }
  return group.calls.map((call, index) => {
    const text = results.get(ids[index] ?? '') ?? '';
    const key = keyOf(call.tool, inputs[index] ?? {});
    const decision: Decision =
      asked.has(key) || text.includes(askedMarker)
        ? 'ask'
        : /denied|not allowed|refus|blocked/i.test(text)
          ? 'deny'
          : 'allow';
    return { decision, text, input: inputs[index] ?? {} };
  });
}

describe('RU-09 differential: path, domain and shell-path rules, the real Claude Code and agentbridge', () => {
  const count = toolRuleCorpus.reduce((sum, group) => sum + group.calls.length, 0);
  it(`RU-09 agentbridge is never more permissive than Claude Code on ${count} (rules, call) pairs (RU-07, RU-08)`, async () => {
    const looser: string[] = [];
    const stricter: string[] = [];
    for (const group of toolRuleCorpus) {
      const places = createPlaces();
      try {
        const claude = await claudeDecides(group, places);
        for (const [index, call] of group.calls.entries()) {
          const { decision: reference, text, input } = claude[index] ?? { decision: 'ask' };
          const command = typeof input?.command === 'string' ? input.command : undefined;
          const bridge = decidePermission({
            toolName: call.tool,
            input: input ?? {},
            cwd: places.work,
            homeDirectory: places.home,
            ...(group.mode === undefined ? {} : { permissionMode: group.mode }),
            allowedTools: (group.allow ?? []).map((rule) => fill(rule, places)),
            disallowedTools: (group.deny ?? []).map((rule) => fill(rule, places)),
            ...(command === undefined ? {} : { shell: await parseShellCommand(command) }),
          });
          const rules = `${group.mode ?? ''} allow ${JSON.stringify(group.allow ?? [])} deny ${JSON.stringify(group.deny ?? [])}`;
          const line = `  ${rules} ${keyOf(call.tool, input ?? {}).replace(places.work, '<cwd>')}: claude ${reference}, agentbridge ${bridge}`;
          if (rank[bridge] < rank[reference]) looser.push(`${line}  (${text?.slice(0, 160)})`);
          else if (rank[bridge] > rank[reference]) stricter.push(line);
        }
      } finally {
        // The project and home go with their world.
        rmSync(places.outside, { recursive: true, force: true });
      }
    }
    process.stdout.write(
      `\ntool rules: ${count} pairs; agentbridge stricter on ${stricter.length}:\n${stricter.join('\n')}\n`,
    );
    expect(looser, `agentbridge more permissive than Claude Code:\n${looser.join('\n')}`).toEqual(
      [],
    );
  }, 900_000);
});
