import { describe, expect, it } from 'vitest';
import { createHarness, seedSessionResult } from '../__fixtures__/bridge-harness.js';
import { readyHarness } from '../__fixtures__/ready-harness.js';

describe('control requests', () => {
  it('N-06 commands announced before the session/new answer reach the initialize answer', () => {
    const harness = createHarness({ script: { 'session/new': 'hold' } });
    harness.initialize();
    harness.update({
      sessionUpdate: 'available_commands_update',
      availableCommands: [{ name: 'review', description: 'Review' }],
    });
    harness.update(
      {
        sessionUpdate: 'available_commands_update',
        availableCommands: [{ name: 'other', description: '' }],
      },
      'sess-9',
    );
    harness.respond(harness.lastRequest('session/new').id, seedSessionResult());
    expect(harness.clientLines[0]?.response.response.commands).toEqual([
      { name: 'review', description: 'Review', argumentHint: '' },
    ]);
  });

  it('a second initialize after the session is ready is answered again', () => {
    const harness = readyHarness();
    harness.initialize('req_2');
    expect(harness.clientLines.at(-1)?.response).toMatchObject({
      subtype: 'success',
      request_id: 'req_2',
    });
    expect(harness.sent('initialize')).toHaveLength(1);
  });

  it('S-10 S-11 the initialize answer lists catalog models as ModelInfo', () => {
    const harness = readyHarness({
      script: { 'session/new': { result: seedSessionResult('s-9') } },
    });
    expect(harness.clientLines[0]?.response.response.models[0]).toEqual({
      value: 'gemini-2.5-pro',
      displayName: 'Gemini 2.5 Pro',
      description: '',
      resolvedModel: 'gemini-2.5-pro',
    });
  });
});
