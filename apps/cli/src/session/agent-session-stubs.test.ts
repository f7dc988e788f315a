import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSessionInfo, listSessions } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { stubSessionId, writeAgentSessionStubs } from './agent-session-stubs.js';
import { planResume } from './plan-resume.js';
import { projectSlug } from './read-transcript.js';

const cwd = '/work/some project';
const world = () => {
  const config = mkdtempSync(join(tmpdir(), 'agentbridge-stubs-'));
  const directory = join(config, 'projects', projectSlug(cwd));
  const options = {
    directory,
    cwd,
    backendId: 'codex',
    agentName: 'Codex',
    now: () => new Date('2026-01-02T03:04:05.000Z'),
  };
  return { config, directory, options };
};
const withConfig = async <Value>(config: string, body: () => Promise<Value>) => {
  const before = process.env.CLAUDE_CONFIG_DIR;
  process.env.CLAUDE_CONFIG_DIR = config;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.CLAUDE_CONFIG_DIR;
    else process.env.CLAUDE_CONFIG_DIR = before;
  }
};
const uuid = '019b0000-1111-7222-8333-444455556666';

describe('stubs for the agent’s own sessions', () => {
  it('SN-12 each listed session of the cwd becomes a marked transcript the SDK lists, with its title and time', async () => {
    const { config, directory, options } = world();
    const written = await writeAgentSessionStubs(
      [
        { sessionId: uuid, cwd, title: 'Fix the build', updatedAt: '2025-12-01T10:00:00.000Z' },
        { sessionId: 'ses_opaque', cwd },
        { sessionId: 'elsewhere', cwd: '/other' },
      ],
      options,
    );
    expect(written).toBe(2);
    const opaque = stubSessionId('codex', 'ses_opaque');
    expect(opaque).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stubSessionId('codex', 'ses_opaque')).toBe(opaque);
    const lines = readFileSync(join(directory, `${uuid}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        type: 'ai-title',
        aiTitle: 'Fix the build',
        sessionId: uuid,
        cwd,
        timestamp: '2025-12-01T10:00:00.000Z',
        agentbridge: { backend: 'codex', agentSessionId: uuid, listed: true },
      },
      {
        type: 'tag',
        tag: 'agentbridge:codex',
        sessionId: uuid,
        agentbridge: { backend: 'codex', agentSessionId: uuid, listed: true },
      },
    ]);
    expect(statSync(join(directory, `${uuid}.jsonl`)).mtime.toISOString()).toBe(
      '2025-12-01T10:00:00.000Z',
    );
    const listed = await withConfig(config, () => listSessions({ dir: cwd }));
    expect(listed.map((session) => [session.sessionId, session.summary, session.tag])).toEqual([
      [opaque, 'Codex session ses_opaque (not yet opened here)', 'agentbridge:codex'],
      [uuid, 'Fix the build', 'agentbridge:codex'],
    ]);
    const info = await withConfig(config, () => getSessionInfo(uuid, { dir: cwd }));
    expect(info).toMatchObject({
      cwd,
      summary: 'Fix the build',
      lastModified: Date.parse('2025-12-01T10:00:00.000Z'),
    });
  });

  it('SN-12 a session a transcript already records, the run’s own session, and an existing file get no stub', async () => {
    const { directory, options } = world();
    mkdirSync(directory, { recursive: true });
    const real = `${JSON.stringify({ type: 'user', agentbridge: { backend: 'codex', agentSessionId: 'recorded' } })}\n`;
    writeFileSync(join(directory, 'conv-1.jsonl'), real);
    writeFileSync(join(directory, `${uuid}.jsonl`), 'not a stub\n');
    const written = await writeAgentSessionStubs(
      [
        { sessionId: 'recorded', cwd },
        { sessionId: 'current', cwd },
        { sessionId: uuid, cwd },
      ],
      { ...options, current: 'current' },
    );
    expect(written).toBe(0);
    expect(readFileSync(join(directory, `${uuid}.jsonl`), 'utf8')).toBe('not a stub\n');
    expect(readFileSync(join(directory, 'conv-1.jsonl'), 'utf8')).toBe(real);
  });

  it('SN-13 --resume of a stub reopens the agent’s session under the stub’s id; another backend is told which one', async () => {
    const { directory, options } = world();
    await writeAgentSessionStubs(
      [
        { sessionId: 'ses_opaque', cwd },
        { sessionId: uuid, cwd },
      ],
      options,
    );
    const opaque = stubSessionId('codex', 'ses_opaque');
    const plan = (resume: string, backendId = 'codex', forkSession = false) =>
      planResume(
        { resume, continue: false, forkSession },
        { projectDirectory: directory, backendId, agentName: 'Codex' },
      );
    expect(plan(opaque)).toEqual({
      launch: { resumeSessionId: 'ses_opaque', conversationId: opaque, resumeRequired: true },
      transcript: { sessionId: opaque },
    });
    expect(plan(uuid)).toEqual({
      launch: { resumeSessionId: uuid, resumeRequired: true },
      transcript: { sessionId: uuid },
    });
    expect(plan(uuid, 'codex', true)).toEqual({
      launch: { resumeSessionId: uuid, forkSession: true, resumeRequired: true },
      transcript: {},
    });
    expect(() => plan(uuid, 'gemini')).toThrow(
      `The session ${uuid} is a codex session agentbridge has no transcript of: resume it with --backend codex.`,
    );
  });
});
