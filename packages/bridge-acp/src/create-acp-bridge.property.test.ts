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
  expect(
    log.entries.filter((entry) => entry.message === 'bridge failed to handle an input'),
  ).toEqual([]);

  let uncovered = 0;
  let loneResults = 0;
  for (const event of timeline) {
    if (event === 'user') uncovered += 1;
    else if (uncovered > 0) uncovered = 0;
    else if (event === 'lone-result' && loneResults === 0) loneResults += 1;
    else throw new Error(`a result without a user turn to end: ${JSON.stringify(timeline)}`);
  }
  expect(uncovered).toBe(0);

  const answersByAgentId = new Map<unknown, number>();
  for (const line of toAgent) {
    if (line.method === undefined && line.id !== undefined)
      answersByAgentId.set(line.id, (answersByAgentId.get(line.id) ?? 0) + 1);
  }
  for (const requestId of agentRequestIds)
    expect(answersByAgentId.get(requestId) ?? 0, `agent request ${requestId}`).toBe(1);

  const responsesByClientId = new Map<string, number>();
  for (const line of toClient) {
    if (line.type === 'control_response') {
      const requestId = line.response.request_id as string;
      responsesByClientId.set(requestId, (responsesByClientId.get(requestId) ?? 0) + 1);
    }
  }
  for (const requestId of clientRequestIds)
    expect(responsesByClientId.get(requestId) ?? 0, `client request ${requestId}`).toBe(1);

  for (const line of toClient) assertKnownServerLine(line);
}

describe('createAcpBridge invariants', () => {
  it('never fails internally; one result per user turn; every request answered once; every line valid (10,000 interleavings)', () => {
    const reached = { success: 0, canUseTool: 0, aborted: 0, toolResult: 0, faulted: 0 };
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { maxLength: 40 }),
        fc.record({
          stdio: fc.boolean(),
          partial: fc.boolean(),
          model: fc.boolean(),
          resume: fc.boolean(),
          replayAfterLoad: fc.boolean(),
          prelude: fc.nat(4),
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
    // 10,000 runs take about 3-5 s alone; the limit leaves room for a loaded machine.
  }, 60_000);
});
