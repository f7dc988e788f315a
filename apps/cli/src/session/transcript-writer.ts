import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { KnownServerMessage, UserMessage } from '@agentbridge/core';
import { persistToolResult } from './persist-tool-result.js';
import type { TranscriptEntry } from './read-transcript.js';

/** What every entry of one run shares, and where the transcripts go. */
export type TranscriptWriterOptions = {
  /** `<config>/projects/<cwd slug>`. */
  readonly directory: string;
  readonly cwd: string;
  readonly version: string;
  readonly gitBranch: string;
  /** `sdk-ts`, `sdk-py`, `cli`: who runs the CLI (`CLAUDE_CODE_ENTRYPOINT`). */
  readonly entrypoint: string;
  readonly backendId: string;
  readonly now: () => Date;
  readonly newUuid: () => string;
  /** SN-07: the conversation's id; else the session id of the first `system/init`. */
  readonly sessionId?: string | undefined;
  /** SN-07, SN-09: the entry the first new entry hangs on. */
  readonly parentUuid?: string | undefined;
  /** SN-09: entries a fork's transcript starts with (rewritten to the new session id). */
  readonly seed?: readonly TranscriptEntry[];
  readonly onError: (error: unknown) => void;
  /** SN-11: each entry as it was appended (`--session-mirror`). */
  readonly onAppend?: ((filePath: string, entry: Content) => void) | undefined;
};

type Content = Readonly<Record<string, unknown>>;
type UserToolResult = Extract<KnownServerMessage, { type: 'user' }>;

/**
 * SN-01, SN-02: writes the run's transcript as Claude Code does, one whole line per append, from
 * the client's prompts and the messages the client is sent. Entries wait until the session id is
 * known (the first `system/init`). A write that fails is reported once and writing stops.
 */
export function createTranscriptWriter(options: TranscriptWriterOptions) {
  let sessionId = options.sessionId;
  let parentUuid = options.parentUuid ?? null;
  let agentSessionId: string | undefined;
  let descriptor: number | undefined;
  let failed = false;
  let lastPrompt: string | undefined;
  const waiting: Content[] = [];
  /** Which assistant entry holds each tool_use (for `sourceToolAssistantUUID`), and its tool. */
  const toolUseEntry = new Map<string, { readonly uuid: string; readonly name: unknown }>();

  const open = (id: string) => {
    mkdirSync(options.directory, { recursive: true, mode: 0o700 });
    const fd = openSync(join(options.directory, `${id}.jsonl`), 'a+', 0o600);
    // SN-02: a torn last line (a crash mid-write) is closed before anything is added to it.
    const { size } = fstatSync(fd);
    const last = Buffer.alloc(1);
    if (size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a)
      writeSync(fd, '\n');
    return fd;
  };
  const write = (line: Content) => {
    if (failed || sessionId === undefined) return;
    try {
      descriptor ??= open(sessionId);
      const entry = { ...line, sessionId };
      writeSync(descriptor, `${JSON.stringify(entry)}\n`);
      options.onAppend?.(join(options.directory, `${sessionId}.jsonl`), entry);
    } catch (error) {
      failed = true;
      options.onError(error);
    }
  };
  const flush = () => {
    for (let line = waiting.shift(); line !== undefined; line = waiting.shift()) write(line);
  };
  /** A conversation entry: chained, stamped, and named after its backend and agent session. */
  const entry = (fields: Content & { readonly type: string }, uuid = options.newUuid()) => {
    const line = {
      parentUuid,
      isSidechain: false,
      userType: 'external',
      entrypoint: options.entrypoint,
      cwd: options.cwd,
      version: options.version,
      gitBranch: options.gitBranch,
      ...fields,
      uuid,
      timestamp: options.now().toISOString(),
      agentbridge: { backend: options.backendId, agentSessionId },
    };
    parentUuid = uuid;
    if (sessionId === undefined) waiting.push(line);
    else write(line);
    return uuid;
  };

  /** SN-14: a result over Claude Code's limit goes to a file beside the transcript, as there. */
  const storeLarge = (message: UserToolResult, toolUseId: unknown, toolName: unknown) => {
    const content = message.message.content;
    const first = Array.isArray(content) ? content[0] : undefined;
    if (sessionId === undefined || typeof toolUseId !== 'string' || first === undefined) return;
    const name = typeof toolName === 'string' ? toolName : undefined;
    const place = { directory: options.directory, sessionId, toolUseId, toolName: name };
    const persisted = persistToolResult((first as { content?: unknown }).content, place);
    if (persisted === undefined) return;
    const blocks = [{ ...first, content: persisted.content }, ...(content as unknown[]).slice(1)];
    const result = message.tool_use_result as { stdout?: unknown } | undefined;
    // Bash's structured result keeps its first 30 000 characters and names the file (Claude Code).
    const toolUseResult =
      typeof result?.stdout === 'string'
        ? {
            ...result,
            stdout: result.stdout.slice(0, 30_000),
            persistedOutputPath: persisted.path,
            persistedOutputSize: persisted.size,
          }
        : typeof result === 'object' && result !== null
          ? result
          : persisted.content;
    return { message: { ...message.message, content: blocks }, toolUseResult };
  };

  const begin = (id: string) => {
    if (sessionId !== undefined) return;
    sessionId = id;
    const seed = options.seed ?? [];
    for (const seeded of seed) write({ ...seeded, sessionId: id });
    // Entries that waited for the id hang on the seed's last one.
    const seedLeaf = seed.at(-1)?.uuid;
    if (seedLeaf !== undefined && waiting[0] !== undefined)
      waiting[0] = { ...waiting[0], parentUuid: seedLeaf };
    if (seedLeaf !== undefined && waiting.length === 0) parentUuid = seedLeaf;
    flush();
  };

  return {
    /** The agent session behind the entries from now on. */
    agentSession(id: string) {
      agentSessionId = id;
    },
    /** A client prompt (a `user` line that is not a tool result). */
    prompt(message: UserMessage) {
      const { content } = message.message;
      const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
      if (blocks.every((block) => block.type === 'tool_result')) return;
      const text = blocks.flatMap((block) => (block.type === 'text' ? [block.text] : []));
      lastPrompt = text.join('\n') || lastPrompt;
      const isMeta = message.isSynthetic === true ? { isMeta: true } : {};
      entry({ type: 'user', message: { role: 'user', content: blocks }, ...isMeta }, message.uuid);
    },
    /** A line the client was sent: assistant blocks, tool results, the session id, turn ends. */
    sent(message: KnownServerMessage) {
      if (message.type === 'system' && message.subtype === 'init') return begin(message.session_id);
      if (message.type === 'assistant' && message.parent_tool_use_id === null) {
        const { content, ...rest } = message.message;
        content.forEach((block, index) => {
          const uuid = (index === 0 && message.uuid) || options.newUuid();
          entry({ type: 'assistant', message: { ...rest, content: [block] } }, uuid);
          if (block.type === 'tool_use' && typeof block.id === 'string')
            toolUseEntry.set(block.id, { uuid, name: block.name });
        });
      } else if (message.type === 'user' && message.parent_tool_use_id === null) {
        const content = message.message.content;
        const first = Array.isArray(content) ? content[0] : undefined;
        const toolUseId = first?.type === 'tool_result' ? first.tool_use_id : undefined;
        const tool = typeof toolUseId === 'string' ? toolUseEntry.get(toolUseId) : undefined;
        const source = tool?.uuid;
        const stored = storeLarge(message, toolUseId, tool?.name);
        entry(
          {
            type: 'user',
            message: stored?.message ?? message.message,
            // SN-04: as Claude Code, always; a tool without structured output gets its result's content.
            toolUseResult:
              stored?.toolUseResult ??
              message.tool_use_result ??
              (first as { content?: unknown })?.content,
            ...(source === undefined ? {} : { sourceToolAssistantUUID: source }),
          },
          message.uuid,
        );
      } else if (message.type === 'system' && message.subtype === 'informational') {
        entry({
          type: 'system',
          subtype: 'informational',
          content: message.content,
          level: message.level,
          isMeta: false,
        });
      } else if (message.type === 'result' && lastPrompt !== undefined && parentUuid !== null) {
        write({ type: 'last-prompt', lastPrompt, leafUuid: parentUuid });
      }
    },
    close() {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
}
