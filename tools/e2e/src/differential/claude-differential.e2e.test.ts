import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isResult } from '@agentbridge/test-kit';
import type { HookCallbackMatcher, Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import type { FakeAnthropicServer, MessagesBody } from '../fake-anthropic-server.js';
import { claudeCodeBinary } from '../launch-claude.js';
import {
  createClaudeAcpWorld,
  createClaudeReferenceWorld,
} from '../through-cli/__fixtures__/create-more-worlds.js';
import type { CliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import { useCliWorlds } from '../through-cli/__fixtures__/use-cli-worlds.js';
import { acpLimits } from './__fixtures__/acp-limits.js';
import type { AskedTool, ClientView } from './__fixtures__/client-view.js';
import { clientViewOf, features } from './__fixtures__/client-view.js';
import type { DifferentialScenario, Side } from './__fixtures__/differential-scenarios.js';
import { differentialScenarios } from './__fixtures__/differential-scenarios.js';

const echoServerPath = fileURLToPath(new URL('../../bin/echo-mcp-server.mjs', import.meta.url));
const reference = useCliWorlds(createClaudeReferenceWorld);
const bridged = useCliWorlds(createClaudeAcpWorld);
const report: string[] = [];

/** The project's regular files (dot directories such as `.claude` left out), by name. */
function projectFiles(directory: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(directory).sort()) {
    const path = join(directory, name);
    if (!name.startsWith('.') && statSync(path).isFile()) files[name] = readFileSync(path, 'utf8');
  }
  return files;
}

const isFirstTextDelta = (message: SDKMessage) =>
  message.type === 'stream_event' &&
  message.event.type === 'content_block_delta' &&
  message.event.delta.type === 'text_delta';

/** The scenario's hooks as SDK matchers that record each input in `called`. */
function recordedHooks(scenario: DifferentialScenario, called: Record<string, unknown>[]) {
  const hooks: Options['hooks'] = {};
  for (const [event, hook] of Object.entries(scenario.hooks ?? {})) {
    const matcher: HookCallbackMatcher = {
      ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
      hooks: [
        async (input) => {
          called.push({ ...input });
          return hook.reply(input);
        },
      ],
    };
    hooks[event as keyof typeof hooks] = [matcher];
  }
  return scenario.hooks ? { hooks } : {};
}

/** Plays `scenario` once through `worlds` (`query` adds the side's own options). */
async function play(
  worlds: CliWorlds<FakeAnthropicServer>,
  scenario: DifferentialScenario,
  side: Side,
  query: Options,
): Promise<ClientView> {
  const asked: AskedTool[] = [];
  const hooks: Record<string, unknown>[] = [];
  const { world, run } = await worlds.start({
    query: {
      ...query,
      ...scenario.options,
      ...recordedHooks(scenario, hooks),
      canUseTool: async (toolName, input) => {
        asked.push({ toolName, input });
        return scenario.answer?.(toolName, input) ?? { behavior: 'allow', updatedInput: input };
      },
      ...(scenario.mcp
        ? { mcpServers: { echo: { command: process.execPath, args: [echoServerPath] } } }
        : {}),
    },
  });
  const { workDirectory, homeDirectory } = world.directories;
  scenario.setup?.(workDirectory);
  for (const turn of scenario.turns(workDirectory, side)) world.server.enqueueTurn(turn);
  let messages: SDKMessage[];
  if (scenario.interrupt) {
    run.prompts.push(scenario.prompt);
    const head = await run.read(isFirstTextDelta);
    await run.query.interrupt();
    messages = [...head, ...(await run.read(isResult)), ...(await run.turn('Go on.'))];
  } else {
    messages = await run.turn(scenario.prompt);
    await scenario.afterFirstTurn?.(world.server);
    if (scenario.followUp !== undefined) messages.push(...(await run.turn(scenario.followUp)));
  }
  const requests = world.server.mainRequests().map(({ body }) => body as MessagesBody);
  return clientViewOf(
    messages,
    asked,
    projectFiles(workDirectory),
    { [workDirectory]: '<work>', [homeDirectory]: '<home>' },
    { hooks, requests, modelSees: scenario.modelSees ?? [] },
  );
}

describe('differential: the SDK → real Claude Code, and the SDK → agentbridge → claude-agent-acp → real Claude Code', () => {
  afterAll(() => {
    process.stdout.write(
      `\nfeatures equal / compared (ACP limits pinned separately):\n${report.join('\n')}\n`,
    );
  });

  for (const scenario of differentialScenarios) {
    it(`DF-01 ${scenario.cites ?? ''}${scenario.name}: the client sees the same, outside the documented ACP limits (DF-02)`, async () => {
      const claude = await play(reference, scenario, 'claude', {
        pathToClaudeCodeExecutable: claudeCodeBinary(),
      });
      const bridge = await play(bridged, scenario, 'bridge', {});
      const limits = acpLimits[scenario.name] ?? {};
      let equal = 0;
      for (const feature of features) {
        const limit = limits[feature];
        if (limit === undefined) {
          expect
            .soft({ feature, value: bridge[feature] })
            .toEqual({ feature, value: claude[feature] });
          equal += 1;
        } else {
          // DF-02: the difference is exactly the documented one.
          expect.soft({ feature, value: bridge[feature] }).toEqual({
            feature,
            value: limit.bridgeShows(claude),
          });
        }
      }
      const pinned = (open: boolean) =>
        Object.entries(limits).flatMap(([feature, limit]) =>
          (limit?.open === true) === open ? [feature] : [],
        );
      report.push(
        `  ${scenario.name}: ${equal}/${features.length}` +
          (pinned(false).length > 0 ? ` (ACP limits: ${pinned(false).join(', ')})` : '') +
          (pinned(true).length > 0 ? ` (open mismatches: ${pinned(true).join(', ')})` : ''),
      );
    });
  }
});
