import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessage, type Logger } from '@agentbridge/core/contracts';
import type { ProcessIdentity, ProcessInspector } from './process-inspector.js';

/** One file per bridge and agent, so a later bridge can reap the agent if this one dies (Z-01). */
export type ProcessRecord = {
  readonly version: 1;
  readonly bridge: ProcessIdentity;
  readonly agent: ProcessIdentity;
  /** The agent's process group (POSIX: its pid), or null on Windows. */
  readonly processGroupId: number | null;
  /** The executable's file name without extension, for logs (Z-02). */
  readonly name: string;
  readonly recordedAt: number;
};

/** Writes `record` atomically; returns its file. */
export function writeProcessRecord(stateDirectory: string, record: ProcessRecord): string {
  const directory = path.join(stateDirectory, 'processes');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = path.join(directory, `${record.bridge.pid}-${record.agent.pid}.json`);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return file;
}

/** Records an agent this process spawned; its file, or undefined when that failed. */
export function recordAgent(options: {
  readonly stateDirectory: string;
  readonly inspector: ProcessInspector;
  readonly pid: number;
  readonly command: string;
  readonly logger: Logger;
}): string | undefined {
  const { inspector, pid, command } = options;
  const bridgeStart = inspector.startTimeOf(process.pid);
  const agentStart = inspector.startTimeOf(pid);
  if (bridgeStart === undefined || agentStart === undefined) return undefined;
  try {
    return writeProcessRecord(options.stateDirectory, {
      version: 1,
      bridge: { pid: process.pid, startTime: bridgeStart },
      agent: { pid, startTime: agentStart },
      processGroupId: process.platform === 'win32' ? null : pid,
      name: path.basename(command, path.extname(command)),
      recordedAt: Date.now(),
    });
  } catch (error) {
    options.logger.warn('process record not written', { message: errorMessage(error) });
    return undefined;
  }
}

/** Every record file of the state directory, with its record (undefined when unreadable). */
export function listProcessRecords(
  stateDirectory: string,
): { readonly file: string; readonly record: ProcessRecord | undefined }[] {
  const directory = path.join(stateDirectory, 'processes');
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((name) => {
    const file = path.join(directory, name);
    return { file, record: parseProcessRecord(file) };
  });
}

function parseProcessRecord(file: string): ProcessRecord | undefined {
  let record: Partial<Record<keyof ProcessRecord, unknown>>;
  try {
    record = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const isId = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;
  const isIdentity = (value: unknown) => {
    const identity = value as Partial<ProcessIdentity> | null | undefined;
    return (
      isId(identity?.pid) && typeof identity?.startTime === 'string' && identity.startTime !== ''
    );
  };
  const valid =
    record?.version === 1 &&
    isIdentity(record.bridge) &&
    isIdentity(record.agent) &&
    (record.processGroupId === null || isId(record.processGroupId));
  return valid ? (record as ProcessRecord) : undefined;
}
