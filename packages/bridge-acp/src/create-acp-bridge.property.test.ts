import type { BackendManifest } from '@agentbridge/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from './__fixtures__/assert-known-server-line.js';
import { runInterleaving } from './__fixtures__/random-interleaving.js';
import { stepArbitrary } from './__fixtures__/step-arbitrary.js';

/**
 * Invariants over random interleavings of client lines, agent messages, exits, timers and garbage
 * (the property list): nothing escapes as an internal failure; every user line is covered
 * by exactly one result; every agent request and every client control_request is answered exactly
 * once; every emitted line is a message core models, valid against its `serverMessageSchema`.
 */

/** An agent whose `session/load` replay goes on after its answer (Gemini's quirk, S-06). */
const replayAfterLoadBackend: BackendManifest = {
  specificationVersion: 'backend-v1',
  id: 'gemini',
  displayName: 'Gemini CLI',
  protocol: 'acp',
  launch: { command: 'gemini', args: [] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: [], exitsOnStdinEof: true },
  hints: {},
  auth: { preferredMethodIds: [] },
  quirks: { loadReplaySettleMs: 300 },
};

/** CF-01: an agent offered the client's files and terminals. */
const clientMethodsBackend: BackendManifest = {
  ...replayAfterLoadBackend,
  quirks: {},
  client: { fs: true, terminal: true },
};

/** HK-xx: hooks of the events a turn fires, each answered by the steps (allow, block or stop). */
const hooks = Object.fromEntries(
  ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'PermissionDenied'].map((event) => [
    event,
    [{ hookCallbackIds: [`hook-${event}`] }],
  ]),
);

function checkInvariants(outcome: ReturnType<typeof runInterleaving>): void {
  const { toAgent, toClient, log, agentRequestIds, clientRequestIds, timeline } = outcome;
  const { turnOfLine, turnOfPrompt } = outcome;
  expect(
    log.entries.filter((entry) => entry.message === 'bridge failed to handle an input'),
  ).toEqual([]);

  // One result per user turn; a lone handshake failure only for a client that sent no message (FT-04).
  let uncovered = 0;
  let users = 0;
  for (const event of timeline) {
    if (event === 'user') {
      uncovered += 1;
      users += 1;
    } else if (uncovered > 0) uncovered = 0;
    else if (
      event !== 'lone-result' ||
      users > 0 ||
      timeline.indexOf(event) !== timeline.lastIndexOf(event)
    )
      throw new Error(`a result without a user turn to end: ${JSON.stringify(timeline)}`);
  }
  expect(uncovered).toBe(0);

  // FT-02: content tagged with a prompt shows only in the turn that sent it; none untagged.
  toClient.forEach((line, index) => {
    for (const [, tag] of JSON.stringify(line).matchAll(/\[(p\d+|none|other)\]/g)) {
      const sentIn = tag?.startsWith('p') ? turnOfPrompt.get(Number(tag.slice(1))) : undefined;
      if (sentIn !== turnOfLine[index])
        throw new Error(`[${tag}] reached turn ${turnOfLine[index]}: ${JSON.stringify(line)}`);
    }
  });

  const answersByAgentId = new Map<unknown, number>();
  for (const line of toAgent) {
    if (line.method === undefined && line.id !== undefined)
      answersByAgentId.set(line.id, (answersByAgentId.get(line.id) ?? 0) + 1);
  }
  for (const requestId of agentRequestIds)
    expect(answersByAgentId.get(requestId) ?? 0, `agent request ${requestId}`).toBe(1);

  // FT-05: answered once, the id echoed with its type (a Map tells 5 from '5').
  const responsesByClientId = new Map<string | number, number>();
  for (const line of toClient) {
    if (line.type === 'control_response') {
      const requestId = line.response.request_id as string | number;
      responsesByClientId.set(requestId, (responsesByClientId.get(requestId) ?? 0) + 1);
    }
  }
  for (const requestId of clientRequestIds)
    expect(responsesByClientId.get(requestId) ?? 0, `client request ${requestId}`).toBe(1);

  for (const line of toClient) assertKnownServerLine(line);
}

describe('createAcpBridge invariants', () => {
  it('FT-02 FT-04 FT-05 HK-04 CF-02 LM-01 never fails internally, with or without hooks, limits and client methods; one result per user turn; no input from an abandoned or foreign prompt reaches another turn; every request answered once, whatever its id; every line valid (10,000 interleavings)', () => {
    const reached = {
      success: 0,
      canUseTool: 0,
      aborted: 0,
      toolResult: 0,
      faulted: 0,
      graceEnded: 0,
      abandonedWaitFailed: 0,
      hookCallback: 0,
      maxTurns: 0,
      clientRead: 0,
    };
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { maxLength: 40, size: 'medium' }),
        fc.record({
          stdio: fc.boolean(),
          partial: fc.boolean(),
          model: fc.boolean(),
          resume: fc.boolean(),
          prelude: fc.nat(4),
          hangs: fc.nat(1),
          backend: fc.nat(2),
          hooks: fc.boolean(),
          maxTurns: fc.nat(3),
        }),
        (steps, flags) => {
          const outcome = runInterleaving(
            steps,
            {
              ...(flags.stdio ? { permissionPromptTool: 'stdio' as const } : {}),
              includePartialMessages: flags.partial,
              ...(flags.model ? { model: 'gemini-2.5-flash' } : {}),
              ...(flags.resume ? { resumeSessionId: 'sess-1' } : {}),
              ...(flags.maxTurns > 0 ? { limits: { maxTurns: flags.maxTurns } } : {}),
            },
            flags.prelude > 0,
            [undefined, replayAfterLoadBackend, clientMethodsBackend][flags.backend],
            flags.hangs === 0,
            flags.hooks ? hooks : undefined,
          );
          checkInvariants(outcome);
          const lines = outcome.toClient;
          if (lines.some((line) => line.type === 'result' && line.subtype === 'success'))
            reached.success++;
          if (lines.some((line) => line.request?.subtype === 'can_use_tool')) reached.canUseTool++;
          if (
            lines.some(
              (line) =>
                line.terminal_reason === 'aborted_streaming' ||
                line.terminal_reason === 'aborted_tools',
            )
          )
            reached.aborted++;
          if (lines.some((line) => line.message?.content?.[0]?.type === 'tool_result'))
            reached.toolResult++;
          if (lines.some((line) => line.type === 'result' && /^agent fault/.test(line.result)))
            reached.faulted++;
          if (outcome.timerEndings['cancel-grace'] > 0) reached.graceEnded++;
          if (lines.some((line) => line.request?.subtype === 'hook_callback'))
            reached.hookCallback++;
          if (lines.some((line) => line.subtype === 'error_max_turns')) reached.maxTurns++;
          if (lines.some((line) => line.message?.content?.[0]?.name === 'Read'))
            reached.clientRead++;
          if (outcome.timerEndings.abandoned > 0) reached.abandonedWaitFailed++;
        },
      ),
      { numRuns: 10_000 },
    );
    // The interleavings must reach the interesting states, or the invariants say little.
    expect(reached.success, JSON.stringify(reached)).toBeGreaterThan(150);
    expect(reached.canUseTool, JSON.stringify(reached)).toBeGreaterThan(50);
    expect(reached.aborted, JSON.stringify(reached)).toBeGreaterThan(50);
    expect(reached.toolResult, JSON.stringify(reached)).toBeGreaterThan(150);
    expect(reached.faulted, JSON.stringify(reached)).toBeGreaterThan(50);
    expect(reached.graceEnded, JSON.stringify(reached)).toBeGreaterThan(150);
    expect(reached.abandonedWaitFailed, JSON.stringify(reached)).toBeGreaterThan(40);
    expect(reached.hookCallback, JSON.stringify(reached)).toBeGreaterThan(500);
    expect(reached.maxTurns, JSON.stringify(reached)).toBeGreaterThan(50);
    expect(reached.clientRead, JSON.stringify(reached)).toBeGreaterThan(30);
    // 10,000 runs take about 3-5 s alone; the limit leaves room for a loaded machine.
  }, 60_000);
});
