import type { BackendManifest } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  seedInitializeResult,
  seedSessionResult,
  shapeOf,
} from '../__fixtures__/bridge-harness.js';
import { initializeAnswer } from './__fixtures__/initialize-lines.js';

const backend = {
  specificationVersion: 'backend-v1',
  id: 'gemini',
  displayName: 'Gemini CLI',
  protocol: 'acp',
  launch: { command: 'gemini', args: ['--experimental-acp'] },
  probe: {},
  env: { forward: [], credentials: [] },
  process: { names: ['gemini'], exitsOnStdinEof: true },
  hints: {},
  auth: { preferredMethodIds: [] },
  quirks: {
    toolNameByAgentTool: {
      run_shell_command: 'Bash',
      read_file: 'Read',
      read_many_files: 'Read',
      write_file: 'Write',
      replace: 'Edit',
    },
  },
} satisfies BackendManifest;

const commandsUpdate = {
  sessionUpdate: 'available_commands_update',
  availableCommands: [{ name: 'review', description: 'Review', input: { hint: '<path>' } }],
};

describe('system/init and system/commands_changed', () => {
  it('issue 3: initialize and user sent together yield one system/init for an unchanged first turn', () => {
    const harness = createHarness({ script: { initialize: 'hold' } });
    harness.initialize();
    harness.user('hi');
    harness.respond(1, seedInitializeResult());
    expect(harness.clientLines.map(shapeOf)).toEqual(['control_response/success', 'system/init']);
    harness.endPrompt();
    const mark = harness.clientLines.length;
    harness.user('again');
    expect(harness.since(mark).map(shapeOf)).toEqual(['system/init']);
  });

  it('issue 3: a first turn still gets system/init when something changed since the session-ready one', () => {
    const harness = createHarness();
    harness.initialize();
    harness.client({
      type: 'control_request',
      request_id: 'req_2',
      request: { subtype: 'set_permission_mode', mode: 'acceptEdits' },
    });
    const mark = harness.clientLines.length;
    harness.user('hi');
    expect(harness.since(mark).map(shapeOf)).toEqual(['system/init']);
    expect(harness.since(mark)[0]?.permissionMode).toBe('acceptEdits');
  });

  it('N-06 H-13: available_commands_update after the initialize answer emits system/commands_changed with SlashCommands, and no system/init', () => {
    const harness = createHarness();
    harness.initialize();
    const mark = harness.clientLines.length;
    harness.update(commandsUpdate);
    expect(harness.since(mark)).toEqual([
      {
        type: 'system',
        subtype: 'commands_changed',
        commands: [{ name: 'review', description: 'Review', argumentHint: '<path>' }],
        session_id: 'sess-1',
        uuid: expect.any(String),
      },
    ]);
  });

  it('H-13 an SDK client gets one system/init per turn, whatever the agent’s command updates', () => {
    const harness = createHarness();
    harness.initialize();
    const initsPerTurn: number[] = [];
    let before = 0;
    for (const text of ['one', 'two', 'three']) {
      harness.update(commandsUpdate);
      harness.user(text);
      harness.update(commandsUpdate);
      harness.endPrompt();
      const inits = harness.linesOf('system', 'init').length;
      initsPerTurn.push(inits - before);
      before = inits;
    }
    // The first turn's is the one written at session-ready.
    expect(initsPerTurn).toEqual([1, 1, 1]);
    expect(harness.linesOf('system', 'init')).toHaveLength(3);
    expect(harness.linesOf('system', 'commands_changed')).toHaveLength(6);
  });

  it('N-06: commands announced before the initialize answer go in the answer, not in commands_changed', () => {
    const harness = createHarness({
      script: {
        'session/new': () => {
          harness.update(commandsUpdate);
          return { result: seedSessionResult() };
        },
      },
    });
    harness.initialize();
    expect(harness.linesOf('system', 'commands_changed')).toEqual([]);
    expect(initializeAnswer(harness.clientLines)?.response.commands).toEqual([
      { name: 'review', description: 'Review', argumentHint: '<path>' },
    ]);
  });

  it('N-06: a client that never sent initialize gets no commands_changed', () => {
    const harness = createHarness();
    harness.user('hi');
    harness.update(commandsUpdate);
    expect(harness.linesOf('system', 'commands_changed')).toEqual([]);
  });

  it('H-12: system/init.tools lists the Claude tool names of the backend quirks, unique and sorted', () => {
    const harness = createHarness({ backend });
    harness.initialize();
    expect(harness.linesOf('system', 'init')[0]?.tools).toEqual(['Bash', 'Edit', 'Read', 'Write']);
    const plain = createHarness();
    plain.initialize();
    expect(plain.linesOf('system', 'init')[0]?.tools).toEqual([]);
  });
});
