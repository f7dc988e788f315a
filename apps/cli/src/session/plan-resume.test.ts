import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { planResume } from './plan-resume.js';

const projectDirectory = mkdtempSync(join(tmpdir(), 'agentbridge-plan-'));
mkdirSync(projectDirectory, { recursive: true });
const origin = { backend: 'gemini', agentSessionId: 'agent-g' };
const lines = [
  {
    type: 'user',
    uuid: 'u1',
    parentUuid: null,
    message: { role: 'user', content: 'first' },
    agentbridge: origin,
  },
  {
    type: 'assistant',
    uuid: 'a1',
    parentUuid: 'u1',
    message: { role: 'assistant', content: [{ type: 'text', text: 'one' }] },
    agentbridge: origin,
  },
  {
    type: 'user',
    uuid: 'u2',
    parentUuid: 'a1',
    message: { role: 'user', content: 'second' },
    agentbridge: origin,
  },
  {
    type: 'assistant',
    uuid: 'a2',
    parentUuid: 'u2',
    message: { role: 'assistant', content: [{ type: 'text', text: 'two' }] },
    agentbridge: origin,
  },
];
writeFileSync(
  join(projectDirectory, 'conv-1.jsonl'),
  `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
);
const options = { projectDirectory, backendId: 'gemini', agentName: 'Gemini CLI' };
const request = { continue: false, forkSession: false };

describe('planResume', () => {
  it('SN-08 the agent that wrote the transcript reopens its own session, the history as fallback', () => {
    const plan = planResume({ ...request, resume: 'conv-1' }, options);
    expect(plan.launch).toMatchObject({ resumeSessionId: 'agent-g', conversationId: 'conv-1' });
    expect(plan.launch.handover?.history).toContain('User: second');
    expect(plan.transcript).toEqual({ sessionId: 'conv-1', parentUuid: 'a2' });
  });

  it('SN-07 SN-08 another backend gets no reopen, the history, and the conversation id', () => {
    const plan = planResume({ ...request, resume: 'conv-1' }, { ...options, backendId: 'codex' });
    expect(plan.launch.resumeSessionId).toBeUndefined();
    expect(plan.launch.conversationId).toBe('conv-1');
    expect(plan.launch.handover?.notice).toContain('handed over as context');
    expect(plan.launch.handover?.notice).toContain('the gemini backend');
  });

  it('SN-09 --resume-session-at hands over the history up to that message and branches there', () => {
    const plan = planResume({ ...request, resume: 'conv-1', resumeSessionAt: 'a1' }, options);
    expect(plan.launch.resumeSessionId).toBeUndefined();
    expect(plan.launch.handover?.history).toContain('Assistant: one');
    expect(plan.launch.handover?.history).not.toContain('second');
    expect(plan.transcript).toEqual({ sessionId: 'conv-1', parentUuid: 'a1' });
    expect(() =>
      planResume({ ...request, resume: 'conv-1', resumeSessionAt: 'nope' }, options),
    ).toThrow(new UsageError('No message found with message.uuid of: nope'));
  });

  it('SN-09 --fork-session seeds a new transcript with the history and keeps no conversation id', () => {
    const plan = planResume({ ...request, resume: 'conv-1', forkSession: true }, options);
    expect(plan.launch).toMatchObject({ resumeSessionId: 'agent-g', forkSession: true });
    expect(plan.launch.conversationId).toBeUndefined();
    expect(plan.transcript.seed?.map((entry) => entry.uuid)).toEqual(['u1', 'a1', 'u2', 'a2']);
  });

  it('SN-10 an id without a transcript is the agent’s own; --resume of it must continue, --continue need not', () => {
    expect(planResume({ ...request, resume: 'other' }, options).launch).toEqual({
      resumeSessionId: 'other',
      forkSession: undefined,
      resumeRequired: true,
    });
    const empty = mkdtempSync(join(tmpdir(), 'agentbridge-plan-empty-'));
    const continued = planResume(
      { ...request, continue: true },
      { ...options, projectDirectory: empty, recordedSessionId: 'rec' },
    );
    expect(continued.launch).toMatchObject({ resumeSessionId: 'rec', resumeRequired: undefined });
    expect(planResume({ ...request, continue: true }, options).launch.conversationId).toBe(
      'conv-1',
    );
    expect(planResume(request, options)).toEqual({ launch: {}, transcript: {} });
  });
});

describe('planResume for an agent that writes Claude transcripts itself', () => {
  it('SN-06 an unmarked transcript is its own: it reopens the session instead of handing it over', () => {
    const unmarked = lines.map(({ agentbridge: _origin, ...line }) => line);
    writeFileSync(
      join(projectDirectory, 'claude-1.jsonl'),
      unmarked.map((line) => JSON.stringify(line)).join('\n'),
    );
    const own = { ...options, backendId: 'claude-acp', ownsUnmarked: true };
    expect(planResume({ ...request, resume: 'claude-1' }, own).launch.resumeSessionId).toBe(
      'claude-1',
    );
    expect(
      planResume({ ...request, resume: 'claude-1' }, options).launch.resumeSessionId,
    ).toBeUndefined();
  });
});
