import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProcessIdentity } from './process-inspector.js';

/**
 * What a bridge writes about the agent it spawned, so that a later bridge can reap the agent if
 * this one dies without stopping it (Z-01). One file per bridge process and agent.
 */
export type ProcessRecord = {
  readonly version: 1;
  /** The bridge process (the host running `host-node`). */
  readonly bridge: ProcessIdentity;
  /** The agent process it spawned. */
  readonly agent: ProcessIdentity;
  /** The agent's process group (POSIX; equals its pid), or null on Windows. */
  readonly processGroupId: number | null;
  /** The executable's file name without extension (`agent`, `my-agent-acp`), for logs (Z-02). */
  readonly name: string;
  /** Milliseconds since the epoch when the record was written. */
  readonly recordedAt: number;
};

/** The directory holding the records under a state directory. */
export function processRecordDirectory(stateDirectory: string): string {
  return path.join(stateDirectory, 'processes');
}

/** Writes `record` atomically and returns its file path. */
export function writeProcessRecord(stateDirectory: string, record: ProcessRecord): string {
  const directory = processRecordDirectory(stateDirectory);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = path.join(directory, `${record.bridge.pid}-${record.agent.pid}.json`);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return file;
}

/** Deletes a record file; a missing file is fine (Z-05). */
export function removeProcessRecord(file: string): void {
  rmSync(file, { force: true });
}

/** One record file as read from disk: the record, or undefined when the file is unreadable. */
export type StoredProcessRecord = {
  readonly file: string;
  readonly record: ProcessRecord | undefined;
};

/** Every record file in the state directory (none when the directory does not exist). */
export function listProcessRecords(stateDirectory: string): StoredProcessRecord[] {
  const directory = processRecordDirectory(stateDirectory);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const file = path.join(directory, name);
      return { file, record: parseProcessRecord(readText(file)) };
    });
}

/** Parses a record file's text; undefined when it is not a valid version-1 record. */
export function parseProcessRecord(text: string | undefined): ProcessRecord | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const isIdentity = (candidate: unknown): candidate is ProcessIdentity =>
    typeof candidate === 'object' &&
    candidate !== null &&
    Number.isSafeInteger((candidate as ProcessIdentity).pid) &&
    (candidate as ProcessIdentity).pid > 0 &&
    typeof (candidate as ProcessIdentity).startTime === 'string' &&
    (candidate as ProcessIdentity).startTime !== '';
  if (record.version !== 1 || !isIdentity(record.bridge) || !isIdentity(record.agent))
    return undefined;
  const group = record.processGroupId;
  if (group !== null && !(Number.isSafeInteger(group) && (group as number) > 0)) return undefined;
  return value as ProcessRecord;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
