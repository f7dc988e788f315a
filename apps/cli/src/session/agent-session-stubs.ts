import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BridgeEvent } from '@agentbridge/core/contracts';

type SessionInfo = Extract<BridgeEvent, { type: 'agent-sessions' }>['sessions'][number];

/** The SDK lists a transcript only under a uuid file name. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid (version 5 layout) named after the backend and the agent's session id: stable across runs. */
export function stubSessionId(backendId: string, agentSessionId: string): string {
  if (uuidPattern.test(agentSessionId)) return agentSessionId.toLowerCase();
  const hash = createHash('sha1').update(`agentbridge:${backendId}:${agentSessionId}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The agent session ids the transcripts of `directory` name (agentbridge's marks). */
async function recordedAgentSessions(directory: string): Promise<Set<string>> {
  const known = new Set<string>();
  const names = await readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.jsonl')) continue;
    const text = await readFile(join(directory, name), 'utf8').catch(() => '');
    for (const match of text.matchAll(/"agentSessionId":("(?:[^"\\]|\\.)*")/g))
      known.add(JSON.parse(match[1] as string) as string);
  }
  return known;
}

/**
 * SN-12: makes the agent's own sessions of the cwd (ACP `session/list`) that no transcript of
 * `directory` records visible to the SDK's `listSessions`: a small marked transcript each (its
 * title, cwd and time, `agentbridge: {backend, agentSessionId, listed}`, tagged
 * `agentbridge:<backend>`), created only where no file is (never over a transcript).
 */
export async function writeAgentSessionStubs(
  sessions: readonly SessionInfo[],
  options: {
    readonly directory: string;
    readonly cwd: string;
    readonly backendId: string;
    readonly agentName: string;
    /** The agent session this run opened: its transcript is being written. */
    readonly current?: string | undefined;
    readonly now: () => Date;
  },
): Promise<number> {
  const { directory, cwd, backendId } = options;
  const listed = sessions.filter(
    (session) =>
      typeof session?.sessionId === 'string' && session.sessionId !== '' && session.cwd === cwd,
  );
  if (listed.length === 0) return 0;
  const known = await recordedAgentSessions(directory);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  let written = 0;
  for (const session of listed) {
    const agentSessionId = session.sessionId;
    if (known.has(agentSessionId) || agentSessionId === options.current) continue;
    const sessionId = stubSessionId(backendId, agentSessionId);
    const updated = Date.parse(session.updatedAt ?? '');
    const time = Number.isNaN(updated) ? options.now() : new Date(updated);
    const mark = { backend: backendId, agentSessionId, listed: true };
    const title =
      session.title?.trim() ||
      `${options.agentName} session ${agentSessionId} (not yet opened here)`;
    const lines = [
      {
        type: 'ai-title',
        aiTitle: title,
        sessionId,
        cwd,
        timestamp: time.toISOString(),
        agentbridge: mark,
      },
      { type: 'tag', tag: `agentbridge:${backendId}`, sessionId, agentbridge: mark },
    ];
    const path = join(directory, `${sessionId}.jsonl`);
    const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    // `wx`: an existing file (a transcript, an earlier stub) is never replaced.
    const created = await writeFile(path, text, { flag: 'wx', mode: 0o600 }).then(
      () => true,
      () => false,
    );
    if (!created) continue;
    written += 1;
    // The SDK orders and dates sessions by the file's modification time: the agent's.
    await utimes(path, time, time).catch(() => undefined);
  }
  return written;
}
