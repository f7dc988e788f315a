import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The wire recorder placed between agentbridge and the real agent. */
const wireRecorderPath = fileURLToPath(new URL('./record-acp-wire.mjs', import.meta.url));

/**
 * Writes `<home>/bin/<name>`: a shell script running the wire recorder in front of the agent
 * (`target`: command and leading arguments), recording to `wirePath`, with `agentEnv` exported.
 * All of it is baked into the script, so worlds of different agents can share one environment
 * (`agentbridge doctor`), and nothing depends on variables the SDK drops (it deletes
 * `NODE_OPTIONS` from `options.env`).
 */
export function writeAgentShim(
  homeDirectory: string,
  name: string,
  target: readonly string[],
  wirePath: string,
  agentEnv: Readonly<Record<string, string>> = {},
): string {
  const binDirectory = join(homeDirectory, 'bin');
  mkdirSync(binDirectory, { recursive: true });
  const shimPath = join(binDirectory, name);
  const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
  const exported: Record<string, string> = {
    ...agentEnv,
    AGENTBRIDGE_E2E_WIRE_TARGET: JSON.stringify(target),
    AGENTBRIDGE_E2E_WIRE_LOG: wirePath,
  };
  writeFileSync(
    shimPath,
    [
      '#!/bin/sh',
      ...Object.entries(exported).map(([name, value]) => `export ${name}=${quote(value)}`),
      `exec ${quote(process.execPath)} ${quote(wireRecorderPath)} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(shimPath, 0o755);
  return shimPath;
}
