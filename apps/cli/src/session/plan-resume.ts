import { join } from 'node:path';
import type { AcpLaunch } from '@agentbridge/bridge-acp';
import { UsageError } from '@agentbridge/core/contracts';
import { handoverHistory } from './handover-history.js';
import type { TranscriptEntry } from './read-transcript.js';
import {
  conversationChain,
  lastOrigin,
  latestTranscriptId,
  readTranscript,
} from './read-transcript.js';

/** What the bridge and the transcript writer of a run take from `--resume` / `--continue`. */
export type ResumePlan = {
  readonly launch: Pick<
    AcpLaunch,
    'resumeSessionId' | 'forkSession' | 'conversationId' | 'handover' | 'resumeRequired'
  >;
  readonly transcript: {
    readonly sessionId?: string;
    readonly parentUuid?: string;
    readonly seed?: readonly TranscriptEntry[];
  };
};

type ResumeRequest = {
  readonly resume?: string | undefined;
  readonly continue: boolean;
  readonly forkSession: boolean;
  readonly resumeSessionAt?: string | undefined;
};

/**
 * SN-07 to SN-10: how a run continues a conversation. With its transcript: the agent that wrote
 * it last reopens its own session (the history as a fallback); any other agent, a message to branch
 * at or a fork that agent cannot make gets the history handed over. Without one: the id is the
 * agent's own, and a `--resume` nothing can continue fails as `claude`'s does.
 */
export function planResume(
  request: ResumeRequest,
  options: {
    readonly projectDirectory: string;
    readonly backendId: string;
    readonly agentName: string;
    /** The agent writes Claude transcripts itself: an unmarked one is its own (SN-01). */
    readonly ownsUnmarked?: boolean | undefined;
    /** `--continue` when the directory has no transcript: the session last recorded. */
    readonly recordedSessionId?: string | undefined;
  },
): ResumePlan {
  const fork = request.forkSession || undefined;
  const id =
    request.resume ??
    (request.continue
      ? (latestTranscriptId(options.projectDirectory) ?? options.recordedSessionId)
      : undefined);
  if (id === undefined) return { launch: {}, transcript: {} };
  const entries = readTranscript(join(options.projectDirectory, `${id}.jsonl`));
  const at = request.resumeSessionAt;
  const chain = conversationChain(entries, at);
  if (at !== undefined && chain.length === 0)
    throw new UsageError(`No message found with message.uuid of: ${at}`);
  const origin = lastOrigin(entries);
  // SN-13: a session the agent listed (a stub, no conversation yet) is its agent's to reopen.
  if (chain.length === 0 && origin?.agentSessionId !== undefined) {
    if (origin.backend !== options.backendId)
      throw new UsageError(
        `The session ${id} is a ${origin.backend} session agentbridge has no transcript of: resume it with --backend ${origin.backend}.`,
      );
    const { agentSessionId } = origin;
    const conversationId = fork || agentSessionId === id ? undefined : id;
    const launch = { resumeSessionId: agentSessionId, forkSession: fork, conversationId };
    return {
      launch: { ...launch, resumeRequired: true },
      transcript: fork ? {} : { sessionId: id },
    };
  }
  if (chain.length === 0) {
    const resumeRequired = request.resume !== undefined || undefined;
    return { launch: { resumeSessionId: id, forkSession: fork, resumeRequired }, transcript: {} };
  }
  const writer = origin?.backend ?? (options.ownsUnmarked ? options.backendId : undefined);
  const sameAgent = writer === options.backendId && at === undefined;
  const why = sameAgent
    ? `${options.agentName} could not reopen its session`
    : at !== undefined
      ? `it continues from an earlier message (${at})`
      : `it was started on ${origin === undefined ? 'Claude Code' : `the ${origin.backend} backend`}`;
  const notice = `The conversation ${id} was handed over as context to a new ${options.agentName} session (${chain.length} earlier messages): ${why}.`;
  const launch = {
    resumeSessionId: sameAgent ? (origin?.agentSessionId ?? id) : undefined,
    forkSession: sameAgent ? fork : undefined,
    conversationId: fork ? undefined : id,
    handover: { history: handoverHistory(chain), notice },
  };
  const transcript = fork ? { seed: chain } : { sessionId: id, parentUuid: chain.at(-1)?.uuid };
  return { launch, transcript };
}
