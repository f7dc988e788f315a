import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessage, isRecord, type Logger, noopLogger } from '@agentbridge/core/contracts';
import { spawn } from 'cross-spawn';

/** Runs a command without a shell; resolves with its combined output (a seam for tests). */
export type RunCommand = (
  command: string,
  args: readonly string[],
  options: { env: Readonly<Record<string, string>>; timeoutMs: number },
) => Promise<string>;

/** Options of {@link probeAgentVersion}: no cache without `stateDirectory`; `timeoutMs` 15 000. */
type ProbeAgentVersionOptions = {
  readonly executablePath: string;
  readonly versionArgs: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly stateDirectory?: string;
  readonly run?: RunCommand;
  readonly logger?: Logger;
  readonly timeoutMs?: number;
};

type VersionCache = Record<string, { modifiedTimeMs: number; version: string | null }>;

/** The first `major.minor.patch` in `text` (`agent 0.61.0-nightly` → `0.61.0`), or undefined. */
export function parseSemanticVersion(text: string): string | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match === null ? undefined : `${Number(match[1])}.${Number(match[2])}.${Number(match[3])}`;
}

/**
 * The first semver `<executable> <versionArgs>` prints, cached per path and modification time in
 * the state directory, so the probe runs once per install. Undefined when it cannot be told.
 */
export async function probeAgentVersion(
  options: ProbeAgentVersionOptions,
): Promise<string | undefined> {
  const { executablePath: executable, stateDirectory, logger = noopLogger } = options;
  const { run = runCommand, versionArgs, env, timeoutMs = 15_000 } = options;
  const modifiedTimeMs = statSync(executable, { throwIfNoEntry: false })?.mtimeMs;
  const cacheFile = stateDirectory && path.join(stateDirectory, 'version-cache.json');
  const cache = cacheFile ? readCache(cacheFile) : {};
  const cached = cache[executable];
  if (cached !== undefined && cached.modifiedTimeMs === modifiedTimeMs)
    return cached.version ?? undefined;
  let version: string | undefined;
  try {
    version = parseSemanticVersion(await run(executable, versionArgs, { env, timeoutMs }));
  } catch (error) {
    logger.warn('version probe failed', { executable, message: errorMessage(error) });
    return undefined;
  }
  logger.debug('agent version probed', { executable, version });
  if (cacheFile && modifiedTimeMs !== undefined) {
    cache[executable] = { modifiedTimeMs, version: version ?? null };
    try {
      mkdirSync(path.dirname(cacheFile), { recursive: true, mode: 0o700 });
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(cache)}\n`);
      renameSync(temporary, cacheFile);
    } catch (error) {
      logger.warn('version cache not written', { message: errorMessage(error) });
    }
  }
  return version;
}

function readCache(file: string): VersionCache {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isRecord(value) ? (value as VersionCache) : {};
  } catch {
    return {};
  }
}

/** The real {@link RunCommand} (`cross-spawn` quotes Windows batch files); output capped at 64 KiB. */
const runCommand: RunCommand = (command, args, { env, timeoutMs }) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, [...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < 64 * 1024) output += chunk.toString('utf8');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('error', reject).on('close', () => resolve(output));
    setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs).unref();
  });
