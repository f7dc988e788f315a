import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kindOf } from '@agentbridge/test-kit';
import { describe, expect, it } from 'vitest';
import { backdateGeminiChats } from '../launch-gemini.js';
import { createGeminiWorld } from './__fixtures__/create-cli-world.js';
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

const worlds = useCliWorlds(createGeminiWorld);
const start = worlds.start;

describe('Gemini CLI 0.61.0 through agentbridge, driven by the Claude Agent SDK', () => {
  it('ST-01/ST-03/ST-04/U-22: thinking and text stream as partial events, fold into assistant blocks; usage in the result', async () => {
    const { world, run } = await start();
    world.server.enqueueTurn({
      parts: [
        { text: '**Planning**\n\nThe user greets me.', thought: true },
        { text: 'Hello ' },
        { text: 'world.' },
      ],
      usage: { promptTokenCount: 12, candidatesTokenCount: 4, thoughtsTokenCount: 3 },
    });
    const messages = await run.turn('Say hello.');

    expect(messages.map(kindOf)).toContain('system/init');
    expect(streamedDeltas(messages, 'thinking_delta')).toBe('**Planning**\nThe user greets me.');
    expect(streamedDeltas(messages, 'text_delta')).toBe('Hello world.');
    // The partial events open the thinking block before the text block.
    const blockStarts = messages.flatMap((message) =>
      message.type === 'stream_event' && message.event.type === 'content_block_start'
        ? [message.event.content_block.type]
        : [],
    );
    expect(blockStarts).toEqual(['thinking', 'text']);
    expect(assistantBlocks(messages)).toEqual([
      expect.objectContaining({ type: 'thinking', thinking: '**Planning**\nThe user greets me.' }),
      { type: 'text', text: 'Hello world.' },
    ]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      is_error: false,
      result: 'Hello world.',
      usage: { input_tokens: 12, output_tokens: 4 },
    });
    expect(world.sent('session/prompt')).toEqual([
      expect.objectContaining({ prompt: [expect.objectContaining({ text: 'Say hello.' })] }),
    ]);
    expect(world.server.lastContents().at(-1)?.parts.at(-1)).toEqual({ text: 'Say hello.' });
    // The net guard ran inside Gemini (spawned by agentbridge): it logged the model calls.
    expect(world.connections()).toContainEqual({
      host: expect.stringMatching(/^(127\.0\.0\.1|localhost)$/),
      port: world.server.port,
      allowed: true,
    });
  });

  it('PM-02/PM-04/T-05: canUseTool allow → write_file runs as Write and the file exists', async () => {
    const asked: { toolName: string; input: Record<string, unknown> }[] = [];
    const { world, run } = await start({
      query: {
        canUseTool: async (toolName, input) => {
          asked.push({ toolName, input });
          return { behavior: 'allow', updatedInput: input };
        },
      },
    });
    const target = join(world.directories.workDirectory, 'hello.txt');
    world.server.enqueueTurn({
      parts: [
        { functionCall: { name: 'write_file', args: { file_path: target, content: 'hi\n' } } },
      ],
    });
    world.server.enqueueTurn({ parts: [{ text: 'Wrote hello.txt.' }] });
    const messages = await run.turn('Write hello.txt');

    expect(readFileSync(target, 'utf8')).toBe('hi\n');
    // The permission request arrives with no tool_call first; its toolCallId names write_file, its
    // diff gives Claude's Write input (T-05, T-10).
    expect(asked).toEqual([{ toolName: 'Write', input: { file_path: target, content: 'hi\n' } }]);
    const toolUse = assistantBlocks(messages).find((block) => block.type === 'tool_use');
    expect(toolUse).toMatchObject({ name: 'Write', input: { file_path: target, content: 'hi\n' } });
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'Wrote hello.txt.' });
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'proceed_once' } },
    ]);
  });

  it('PM-04/PM-05: canUseTool deny → no file, the tool_result says denied, Gemini goes on with the turn', async () => {
    const { world, run } = await start({
      query: {
        canUseTool: async () => ({ behavior: 'deny', message: 'Not in this project.' }),
      },
    });
    const target = join(world.directories.workDirectory, 'denied.txt');
    world.server.enqueueTurn({
      parts: [
        { functionCall: { name: 'write_file', args: { file_path: target, content: 'no\n' } } },
      ],
    });
    world.server.enqueueTurn({ parts: [{ text: 'Understood, not writing it.' }] });
    const messages = await run.turn('Write denied.txt');

    expect(existsSync(target)).toBe(false);
    const results = toolResults(messages);
    expect(results).toHaveLength(1);
    // The tool_result carries the client's denial.
    expect(results[0]).toMatchObject({ is_error: true });
    expect(JSON.stringify(results[0]?.content)).toContain('Not in this project.');
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'Understood, not writing it.',
    });
    expect(permissionAnswers(world)).toEqual([
      { outcome: { outcome: 'selected', optionId: 'cancel' } },
    ]);
    expect(world.server.lastContents().at(-1)?.parts[0]).toMatchObject({
      functionResponse: { name: 'write_file' },
    });
  });

  it('C-01: interrupt() during a long stream ends the turn interrupted; the next prompt works', async () => {
    const { world, run } = await start();
    await expectInterruptThenNextTurn(world, run, (text, hold) =>
      world.server.enqueueTurn({ parts: [{ text }], hold }),
    );
    // Gemini drops the cancelled turn from the history it sends next.
    expect(JSON.stringify(world.server.lastContents())).not.toContain('Count forever.');
  });

  it('PM-07/C-01: interrupt() while canUseTool is pending cancels the permission, then the turn; the next prompt works', async () => {
    const { canUseTool, asked } = neverAnsweringCanUseTool();
    const { world, run } = await start({ query: { canUseTool } });
    const target = join(world.directories.workDirectory, 'pending.txt');
    world.server.enqueueTurn({
      parts: [{ functionCall: { name: 'write_file', args: { file_path: target, content: 'x' } } }],
    });
    // Gemini race: when the permission answer reaches it before session/cancel, it may send the
    // rejection to the model (one unscripted request, answered 500) before it sees the cancel.
    world.tolerate((request) =>
      JSON.stringify(request.body).includes('Tool \\"write_file\\" was canceled by the user.'),
    );
    // Gemini only ends the prompt once its permission request is answered (here: cancelled).
    await expectInterruptedPermission(world, run, 'Write pending.txt', asked);
    expect(existsSync(target)).toBe(false);

    world.server.enqueueTurn({ parts: [{ text: 'Not writing it.' }] });
    const next = await run.turn('Never mind.');
    expect(resultOf(next)).toMatchObject({ subtype: 'success', result: 'Not writing it.' });
  });

  it('C-03/C-04/C-02: setPermissionMode() maps onto Gemini modes; setModel() sends session/set_model', async () => {
    const { world, run } = await start();
    world.server.enqueueTurn({ parts: [{ text: 'Ready.' }] });
    await run.turn('Hello.');

    expect(await run.query.setPermissionMode('acceptEdits')).toMatchObject({ mode: 'acceptEdits' });
    expect(await run.query.setPermissionMode('bypassPermissions')).toMatchObject({
      mode: 'bypassPermissions',
    });
    expect(await run.query.setPermissionMode('plan')).toMatchObject({ mode: 'plan' });
    expect(await run.query.setPermissionMode('default')).toMatchObject({ mode: 'default' });
    expect(world.sent('session/set_mode').map((params) => params.modeId)).toEqual([
      'autoEdit',
      'yolo',
      'plan',
      'default',
    ]);
    // Gemini acknowledges each with an empty result (and a [MODE_UPDATE] chunk, not shown as text).
    expect(agentAnswersTo(world, 'session/set_mode').map((answer) => answer.result)).toEqual([
      {},
      {},
      {},
      {},
    ]);

    await run.query.setModel('gemini-2.5-pro');
    expect(world.sent('session/set_model')).toEqual([
      expect.objectContaining({ modelId: 'gemini-2.5-pro' }),
    ]);
    const routingBefore = world.server.generateRequests().length;
    world.server.enqueueTurn({ parts: [{ text: 'Now on 2.5 pro.' }] });
    const next = await run.turn('Which model?');
    expect(resultOf(next)).toMatchObject({ subtype: 'success', result: 'Now on 2.5 pro.' });
    // Gemini's [MODE_UPDATE] chunks are mode changes, never text for the client.
    expect(JSON.stringify(run.seen)).not.toContain('[MODE_UPDATE]');
    expect(
      world.wire().filter((entry) => JSON.stringify(entry.message).includes('[MODE_UPDATE]')),
    ).toHaveLength(4);
    expect(world.server.streamRequests().at(-1)?.path).toBe(
      '/v1beta/models/gemini-2.5-pro:streamGenerateContent',
    );
    // A fixed model makes no routing call.
    expect(world.server.generateRequests()).toHaveLength(routingBefore);
  });

  it('S-01/S-04/S-06: a second process with resume continues the session through session/load; the replay is not shown', async () => {
    const first = await start({ keepDirectories: true });
    first.world.server.enqueueTurn({ parts: [{ text: 'Remembered: the answer is 42.' }] });
    const firstTurn = await first.run.turn('Remember 42.');
    const sessionId = resultOf(firstTurn).session_id;
    await worlds.finishEarly(first.world);

    backdateGeminiChats(first.world.directories.homeDirectory); // tools/e2e/README.md, Gemini 9a

    const second = await start({
      world: { directories: first.world.directories },
      query: { resume: sessionId },
    });
    second.world.server.enqueueTurn({ parts: [{ text: 'It was 42.' }] });
    const messages = await second.run.turn('What was it?');

    expect(second.world.sent('session/load')).toEqual([
      expect.objectContaining({ sessionId, cwd: first.world.directories.workDirectory }),
    ]);
    expect(second.world.sent('session/new')).toEqual([]);
    expect(resultOf(messages)).toMatchObject({
      subtype: 'success',
      result: 'It was 42.',
      session_id: sessionId,
    });
    // The replayed history (and Gemini's hidden <session_context>) is not shown to the client.
    const shown = JSON.stringify(messages);
    expect(shown).not.toContain('Remembered: the answer is 42.');
    expect(shown).not.toContain('session_context');
    expect(shown).not.toContain('Remember 42.');
    expect(assistantBlocks(messages)).toEqual([{ type: 'text', text: 'It was 42.' }]);
    // ... but the model got it.
    const history = JSON.stringify(second.world.server.lastContents());
    expect(history).toContain('Remember 42.');
    expect(history).toContain('Remembered: the answer is 42.');
    expect(history).toContain('What was it?');
  });

  it('R-03: an API error from the model server ends the turn with an error result carrying its message', async () => {
    const { world, run } = await start({ world: { maxAttempts: 1 } });
    world.server.enqueueError({
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
    });
    const messages = await run.turn('Fail please.');
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    expect(JSON.stringify(result)).toContain('API key not valid');
    const promptAnswer = agentAnswersTo(world, 'session/prompt').at(-1);
    expect(promptAnswer?.error).toMatchObject({ code: 400 });

    world.server.enqueueTurn({ parts: [{ text: 'Fine now.' }] });
    expect(resultOf(await run.turn('Again.'))).toMatchObject({
      subtype: 'success',
      result: 'Fine now.',
    });
  });
});
