import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kindOf } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { execCommandCall, type FakeOpenAiServer } from '../fake-openai-server.js';
import type { CliWorld } from './__fixtures__/assemble-world.js';
import { createCodexWorld } from './__fixtures__/create-cli-world.js';
import {
  expectInterruptedPermission,
  expectInterruptThenNextTurn,
  neverAnsweringCanUseTool,
} from './__fixtures__/interrupt-checks.js';
import { useCliWorlds } from './__fixtures__/use-cli-worlds.js';
import {
  agentAnswersTo,
  assistantBlocks,
  permissionAnswers,
  resultOf,
  streamedDeltas,
  toolResults,
} from './__fixtures__/wire-queries.js';

const worlds = useCliWorlds(createCodexWorld);
const start = worlds.start;

/** Mode ids agentbridge sent, in order: `session/set_mode` or the `mode` config option. */
function modeChanges(world: CliWorld<FakeOpenAiServer>): unknown[] {
  return world.wire().flatMap((entry) => {
    if (entry.direction !== 'client->agent') return [];
    const params = entry.message.params ?? {};
    if (entry.message.method === 'session/set_mode') return [params.modeId];
    if (entry.message.method === 'session/set_config_option' && params.configId === 'mode') {
      return [params.value];
    }
    return [];
  });
}

describe('codex-acp 0.16.0 through agentbridge, driven by the Claude Agent SDK', () => {
  it('ST-01/ST-03/ST-04/U-22: reasoning and text stream as partial events, fold into assistant blocks; usage in the result', async () => {
    const { world, run } = await start();
    world.server.enqueueTurn({
      items: [
        { type: 'reasoning', summary: ['**Greeting**\n\nThe user says hi.'] },
        { type: 'message', deltas: ['Hello ', 'world.'] },
      ],
      usage: { inputTokens: 1200, outputTokens: 30, cachedTokens: 200, reasoningTokens: 10 },
    });
    const messages = await run.turn('Say hello.');

    expect(messages.map(kindOf)).toContain('system/init');
    expect(streamedDeltas(messages, 'thinking_delta')).toContain(
      '**Greeting**\n\nThe user says hi.',
    );
    expect(streamedDeltas(messages, 'text_delta')).toBe('Hello world.');
    const blocks = assistantBlocks(messages);
    expect(blocks.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(blocks[1]).toEqual({ type: 'text', text: 'Hello world.' });
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'Hello world.' });
    // codex reports usage only as usage_update (used = input + output of the last response,
    // size = the window): it feeds the context meter (U-22 iterations, U-23 contextWindow).
    expect(
      world
        .wire()
        .filter((entry) => entry.message.params?.update !== undefined)
        .map((entry) => entry.message.params?.update),
    ).toContainEqual({ sessionUpdate: 'usage_update', used: 1230, size: 258400 });
    expect(result.usage).toMatchObject({
      iterations: [expect.objectContaining({ input_tokens: 1230, output_tokens: 0 })],
    });
    expect(result.modelUsage['gpt-5.3-codex']).toMatchObject({ contextWindow: 258400 });
    expect(JSON.stringify(world.server.lastBody().input.at(-1))).toContain('Say hello.');
  });

  it('PM-02/PM-04: canUseTool allow → the escalated command runs and the file exists', async () => {
    const asked: string[] = [];
    const { world, run } = await start({
      query: {
        canUseTool: async (toolName, input) => {
          asked.push(toolName);
          return { behavior: 'allow', updatedInput: input };
        },
      },
    });
    world.server.enqueueTurn({
      items: [execCommandCall('echo hi > shell.txt', 'call_exec', 'echo hi > shell.txt')],
    });
    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Created shell.txt.'] }] });
    const messages = await run.turn('Create shell.txt');

    expect(readFileSync(join(world.directories.workDirectory, 'shell.txt'), 'utf8')).toBe('hi\n');
    expect(asked).toEqual(['Bash']);
    expect(assistantBlocks(messages).find((block) => block.type === 'tool_use')).toMatchObject({
      name: 'Bash',
    });
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Created shell.txt.' });
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'approved' } },
    ]);
    const output = world.server
      .lastBody()
      .input.find((item) => item.type === 'function_call_output');
    expect(output?.call_id).toBe('call_exec');
  });

  it('PM-01/PM-02/T-05: canUseTool allow → apply_patch adding a file (announced first) runs as Write and the file exists', async () => {
    const asked: { toolName: string; input: Record<string, unknown> }[] = [];
    const { world, run } = await start({
      query: {
        canUseTool: async (toolName, input) => {
          asked.push({ toolName, input });
          return { behavior: 'allow', updatedInput: input };
        },
      },
    });
    world.server.enqueueTurn({
      items: [
        {
          type: 'custom_tool_call',
          name: 'apply_patch',
          input: '*** Begin Patch\n*** Add File: patched.txt\n+patched\n*** End Patch\n',
          callId: 'call_patch',
        },
      ],
    });
    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Patched.'] }] });
    const messages = await run.turn('Add patched.txt');

    expect(readFileSync(join(world.directories.workDirectory, 'patched.txt'), 'utf8')).toBe(
      'patched\n',
    );
    expect(asked.map((request) => request.toolName)).toEqual(['Write']);
    const toolUses = assistantBlocks(messages).filter((block) => block.type === 'tool_use');
    expect(toolUses).toEqual([
      expect.objectContaining({
        id: 'call_patch',
        name: 'Write',
        input: expect.objectContaining({
          file_path: join(world.directories.workDirectory, 'patched.txt'),
          content: 'patched\n',
        }),
      }),
    ]);
    expect(toolResults(messages)).toEqual([
      expect.objectContaining({ tool_use_id: 'call_patch', is_error: false }),
    ]);
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Patched.' });
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'approved' } },
    ]);
  });

  it('PM-04/PM-05: canUseTool deny → no file, the tool_result says denied, codex cancels the turn', async () => {
    const { world, run } = await start({
      query: {
        canUseTool: async () => ({ behavior: 'deny', message: 'Not in this project.' }),
      },
    });
    world.server.enqueueTurn({
      items: [execCommandCall('echo no > denied.txt', 'call_denied', 'echo no > denied.txt')],
    });
    const messages = await run.turn('Create denied.txt');

    expect(existsSync(join(world.directories.workDirectory, 'denied.txt'))).toBe(false);
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'abort' } },
    ]);
    const results = toolResults(messages);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ is_error: true });
    expect(JSON.stringify(results[0]?.content)).toContain('Not in this project.');
    // codex ends the whole turn as cancelled when a permission is rejected; the client did not
    // interrupt, so the turn ends normally, listing the denial.
    expect(agentAnswersTo(world, 'session/prompt').at(-1)?.result).toMatchObject({
      stopReason: 'cancelled',
    });
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      is_error: false,
      stop_reason: 'end_turn',
      permission_denials: [
        expect.objectContaining({ tool_name: 'Bash', tool_use_id: 'call_denied' }),
      ],
    });

    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['OK, I will not.'] }] });
    const next = await run.turn('Never mind.');
    expect(resultOf(next)).toMatchObject({ subtype: 'success', result: 'OK, I will not.' });
  });

  it('C-01: interrupt() during a long stream ends the turn interrupted; the next prompt works', async () => {
    const { world, run } = await start();
    await expectInterruptThenNextTurn(world, run, (text, hold) =>
      world.server.enqueueTurn({ items: [{ type: 'message', deltas: [text] }], hold }),
    );
    expect(JSON.stringify(world.server.lastBody().input)).toContain('Say something.');
  });

  it('PM-07/C-01: interrupt() while canUseTool is pending cancels the permission, then the turn; the next prompt works', async () => {
    const { canUseTool, asked } = neverAnsweringCanUseTool();
    const { world, run } = await start({ query: { canUseTool } });
    world.server.enqueueTurn({
      items: [execCommandCall('echo x > pending.txt', 'call_pending', 'echo x > pending.txt')],
    });
    await expectInterruptedPermission(world, run, 'Create pending.txt', asked);
    expect(existsSync(join(world.directories.workDirectory, 'pending.txt'))).toBe(false);

    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Not creating it.'] }] });
    const next = await run.turn('Never mind.');
    expect(resultOf(next)).toMatchObject({ subtype: 'success', result: 'Not creating it.' });
  });

  it('C-03/C-04/C-02: setPermissionMode() maps onto codex modes; setModel() goes through the model config option', async () => {
    const { world, run } = await start();
    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Ready.'] }] });
    await run.turn('Hello.');

    // Each one a change (codex starts in read-only; plan and default both map to read-only).
    expect(await run.query.setPermissionMode('acceptEdits')).toMatchObject({ mode: 'acceptEdits' });
    expect(await run.query.setPermissionMode('plan')).toMatchObject({ mode: 'plan' });
    expect(await run.query.setPermissionMode('bypassPermissions')).toMatchObject({
      mode: 'bypassPermissions',
    });
    expect(await run.query.setPermissionMode('default')).toMatchObject({ mode: 'default' });
    expect(modeChanges(world)).toEqual(['auto', 'read-only', 'full-access', 'read-only']);

    await run.query.setModel('gpt-5.4');
    expect(world.sent('session/set_model')).toEqual([]);
    expect(
      world.sent('session/set_config_option').filter((params) => params.configId === 'model'),
    ).toEqual([expect.objectContaining({ configId: 'model', value: 'gpt-5.4' })]);

    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Now on 5.4.'] }] });
    const next = await run.turn('Which model?');
    expect(resultOf(next)).toMatchObject({ subtype: 'success', result: 'Now on 5.4.' });
    expect(world.server.lastBody().model).toBe('gpt-5.4');
  });

  it('S-01/S-04/S-06: a second process with resume continues the codex session (session/resume or session/load); no replay shown', async () => {
    const first = await start({ keepDirectories: true });
    first.world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Remembered: 42.'] }] });
    const sessionId = resultOf(await first.run.turn('Remember 42.')).session_id;
    await worlds.finishEarly(first.world);

    const second = await start({
      world: { directories: first.world.directories },
      query: { resume: sessionId },
    });
    second.world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['It was 42.'] }] });
    const messages = await second.run.turn('What was it?');

    const reopened = [...second.world.sent('session/resume'), ...second.world.sent('session/load')];
    expect(reopened).toEqual([expect.objectContaining({ sessionId })]);
    expect(second.world.sent('session/new')).toEqual([]);
    // codex's session/load replays the history on the wire (session/resume would not); either
    // way none of it reaches the client.
    const replayedOnWire = second.world
      .wire()
      .some(
        (entry) =>
          entry.direction === 'agent->client' &&
          JSON.stringify(entry.message).includes('Remembered: 42.'),
      );
    expect(replayedOnWire).toBe(second.world.sent('session/load').length > 0);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'It was 42.',
      session_id: sessionId,
    });
    expect(JSON.stringify(messages)).not.toContain('Remembered: 42.');
    const history = JSON.stringify(second.world.server.lastBody().input);
    expect(history).toContain('Remember 42.');
    expect(history).toContain('Remembered: 42.');
    expect(history).toContain('What was it?');
  });

  it('R-03: an API error from the model server ends the turn with an error result carrying its message', async () => {
    const { world, run } = await start();
    world.server.enqueueError({ status: 400, message: 'Invalid value for reasoning.effort.' });
    const messages = await run.turn('Fail please.');
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    expect(JSON.stringify(result)).toContain('Invalid value for reasoning.effort.');
    expect(agentAnswersTo(world, 'session/prompt').at(-1)?.error).toMatchObject({ code: -32603 });
    expect(world.server.responseRequests()).toHaveLength(1);

    world.server.enqueueTurn({ items: [{ type: 'message', deltas: ['Fine now.'] }] });
    expect(resultOf(await run.turn('Again.'))).toMatchObject({
      subtype: 'success',
      result: 'Fine now.',
    });
  });
});
