import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult } from '../__fixtures__/bridge-harness.js';
import { readyHarness } from '../__fixtures__/ready-harness.js';

describe('prompt turn', () => {
  it('seed#25 PR-03 PR-04 user text becomes session/prompt and is echoed as a replay', () => {
    const harness = readyHarness({ launch: { replayUserMessages: true } });
    const mark = harness.clientLines.length;
    harness.user('look');
    expect(harness.lastRequest('session/prompt').params).toEqual({
      sessionId: 'sess-1',
      prompt: [{ type: 'text', text: 'look' }],
    });
    const echo = harness.since(mark).find((line) => line.isReplay === true);
    expect(echo).toMatchObject({
      type: 'user',
      isReplay: true,
      session_id: 'sess-1',
      message: { role: 'user', content: [{ type: 'text', text: 'look' }] },
    });
  });

  it('PR-03 without --replay-user-messages the user line is not echoed (real CLI)', () => {
    const harness = readyHarness();
    harness.user('look');
    expect(harness.linesOf('user')).toEqual([]);
  });

  it('seed#26 PR-06 the first prompt of a new session gets the standing instructions, once only', () => {
    const harness = readyHarness({
      launch: { systemPrompt: '  Be brief.  ', appendSystemPrompt: 'Use metric units.' },
    });
    harness.user('one');
    const first = harness.lastRequest('session/prompt').params.prompt;
    expect(first).toHaveLength(2);
    expect(first[0].text).toBe(
      '[Standing instructions -- follow them for this whole session]\nBe brief.\n\nUse metric units.\n[End of standing instructions]\n\n',
    );
    harness.endPrompt();
    harness.user('two');
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'two' },
    ]);
  });

  it('PR-06 the system prompt fields of the SDK initialize request become the standing instructions', () => {
    const harness = createHarness();
    harness.client({
      type: 'control_request',
      request_id: 'req_1',
      request: {
        subtype: 'initialize',
        systemPrompt: ['You review code.', ''],
        appendSystemPrompt: 'Be kind.',
      },
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt[0].text).toBe(
      '[Standing instructions -- follow them for this whole session]\nYou review code.\n\nBe kind.\n[End of standing instructions]\n\n',
    );
  });

  it('PR-06 the SDK default empty system prompt adds nothing', () => {
    const harness = createHarness();
    harness.client({
      type: 'control_request',
      request_id: 'req_1',
      request: { subtype: 'initialize', systemPrompt: [''] },
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'one' },
    ]);
  });

  it('PR-06 an agent with sessionCapabilities.systemPrompt gets the instructions in session/new instead', () => {
    const harness = readyHarness({
      launch: { systemPrompt: 'Be brief.' },
      script: {
        initialize: { result: seedInitializeResult({ sessionCapabilities: { systemPrompt: {} } }) },
      },
    });
    expect(harness.lastRequest('session/new').params.systemPrompt).toEqual({
      mode: 'append',
      content: [{ type: 'text', text: 'Be brief.' }],
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt).toHaveLength(1);
  });

  it('seed#27 S-04 PR-06 a loaded session does not repeat the standing instructions', () => {
    const harness = readyHarness({
      launch: { resumeSessionId: 'sess-1', systemPrompt: 'Be brief.' },
    });
    harness.user('one');
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'one' },
    ]);
  });

  it('seed#28 PR-01 an image block becomes an ACP image when the agent accepts images', () => {
    const harness = readyHarness({
      script: {
        initialize: { result: seedInitializeResult({ promptCapabilities: { image: true } }) },
      },
    });
    harness.user([
      { type: 'text', text: 'look' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    expect(harness.lastRequest('session/prompt').params.prompt[1]).toEqual({
      type: 'image',
      mimeType: 'image/png',
      data: 'AAAA',
    });
  });

  it('seed#29 PR-01 an image block is dropped when the agent lacks the image capability', () => {
    const harness = readyHarness();
    harness.user([
      { type: 'text', text: 'look' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    expect(harness.lastRequest('session/prompt').params.prompt).toEqual([
      { type: 'text', text: 'look' },
    ]);
  });

  it('PR-02 gap fix an empty user message is answered with an error result', () => {
    const harness = readyHarness();
    harness.user([]);
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(harness.linesOf('result')[0]).toMatchObject({
      is_error: true,
      subtype: 'error_during_execution',
    });
  });

  it('PR-02 a message that translates to nothing (image only, no image capability) is answered too', () => {
    const harness = readyHarness();
    harness.user([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
    ]);
    expect(harness.sent('session/prompt')).toEqual([]);
    expect(harness.linesOf('result')).toHaveLength(1);
  });
});
