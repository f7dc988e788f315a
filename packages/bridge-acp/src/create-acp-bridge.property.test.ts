import type { BackendManifest } from '@agentbridge/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertKnownServerLine } from './__fixtures__/assert-known-server-line.js';
import { runInterleaving, stepArbitrary } from './__fixtures__/random-interleaving.js';

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
  it('FT-02 FT-04 FT-05 never fails internally; one result per user turn; no input from an abandoned or foreign prompt reaches another turn; every request answered once, whatever its id; every line valid (10,000 interleavings)', () => {
    const reached = {
      success: 0,
      canUseTool: 0,
      aborted: 0,
      toolResult: 0,
      faulted: 0,
      graceEnded: 0,
      abandonedWaitFailed: 0,
    };
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { maxLength: 40, size: 'medium' }),
        fc.record({
          stdio: fc.boolean(),
          partial: fc.boolean(),
          model: fc.boolean(),
          resume: fc.boolean(),
          replayAfterLoad: fc.boolean(),
          prelude: fc.nat(4),
          hangs: fc.nat(1),
        }),
        (steps, flags) => {
          const outcome = runInterleaving(
            steps,
            {
              ...(flags.stdio ? { permissionPromptTool: 'stdio' as const } : {}),
              includePartialMessages: flags.partial,
              ...(flags.model ? { model: 'gemini-2.5-flash' } : {}),
              ...(flags.resume ? { resumeSessionId: 'sess-1' } : {}),
            },
            flags.prelude > 0,
            flags.replayAfterLoad ? replayAfterLoadBackend : undefined,
            flags.hangs === 0,
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
    // 10,000 runs take about 3-5 s alone; the limit leaves room for a loaded machine.
  }, 60_000);
});
