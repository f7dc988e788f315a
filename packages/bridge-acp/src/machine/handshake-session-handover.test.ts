import { describe, expect, it } from 'vitest';
import { createHarness, seedInitializeResult } from '../__fixtures__/bridge-harness.js';

const handover = {
  history: '<conversation-history>user: hi\nassistant: hello</conversation-history>',
  notice: 'The conversation was handed over as context to this agent.',
};

/** The text blocks of the last `session/prompt`. */
function promptTexts(harness: ReturnType<typeof createHarness>): string[] {
  const { prompt } = harness.lastRequest('session/prompt').params as {
    prompt: { type: string; text?: string }[];
  };
  return prompt.map((block) => block.text ?? block.type);
}

describe('handshake: a conversation carried to another agent session', () => {
  it('SN-07 SN-08 no reopen: a new session under the conversation id, history with the first prompt only', () => {
    const harness = createHarness({ launch: { conversationId: 'conv-1', handover } });
    harness.initialize();
    expect(harness.sent('session/load')).toEqual([]);
    expect(harness.sent('session/new')).toHaveLength(1);
    // The client sees the conversation's id, the agent gets its own.
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('conv-1');
    const notices = harness.clientLines.filter((line) =>
      JSON.stringify(line).includes('handed over as context'),
    );
    expect(notices).toHaveLength(1);
    harness.user('next question');
    expect(promptTexts(harness)).toEqual([handover.history, 'next question']);
    expect(harness.lastRequest('session/prompt').params).toMatchObject({ sessionId: 'sess-1' });
    harness.endPrompt();
    expect(harness.linesOf('result').at(-1)?.session_id).toBe('conv-1');
    harness.user('third');
    expect(promptTexts(harness)).toEqual(['third']);
  });

  it('SN-08 a failed reopen hands the history over instead of losing it', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', conversationId: 'old-1', handover },
      script: { 'session/load': { error: { code: -32002, message: 'not found' } } },
    });
    harness.initialize();
    expect(harness.sent('session/load')).toHaveLength(1);
    expect(harness.sent('session/new')).toHaveLength(1);
    expect(harness.linesOf('system', 'init')[0]?.session_id).toBe('old-1');
    harness.user('go on');
    expect(promptTexts(harness)[0]).toBe(handover.history);
  });

  it('SN-08 a reopened session gets no history (the agent has it)', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', conversationId: 'old-1', handover },
      script: { 'session/load': { result: {} } },
    });
    harness.initialize();
    harness.user('go on');
    expect(promptTexts(harness)).toEqual(['go on']);
  });

  it('SN-08 an agent that cannot reopen gets the history in a new session', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'old-1', conversationId: 'old-1', handover },
      script: { initialize: { result: seedInitializeResult({ loadSession: false }) } },
    });
    harness.initialize();
    expect(harness.sent('session/new')).toHaveLength(1);
    harness.user('go on');
    expect(promptTexts(harness)[0]).toBe(handover.history);
  });

  it('SN-10 a resume nothing can continue ends the run with claude’s message', () => {
    const harness = createHarness({
      launch: { resumeSessionId: 'nope-1', resumeRequired: true },
      script: { 'session/load': { error: { code: -32002, message: 'not found' } } },
    });
    harness.initialize();
    expect(harness.sent('session/new')).toEqual([]);
    const result = harness.linesOf('result')[0];
    expect(result).toMatchObject({ is_error: true });
    expect(JSON.stringify(result)).toContain('No conversation found with session ID: nope-1');
  });
});
