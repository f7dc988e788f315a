import { join } from 'node:path';
import type { FakeModelServer } from '../../fake-model-server.js';
import { createScratchDirectory, readConnectionLog } from '../../launch-agent.js';
import { netGuardPreloadPath } from '../../launch-gemini.js';
import { proxyTrapEnv, startProxyTrap } from '../../proxy-trap.js';
import type { CliWorld, CliWorldOptions, WorldDirectories } from './assemble-world.js';
import { assembleWorld } from './assemble-world.js';
import { writeAgentShim } from './write-agent-shim.js';

/** The directories of `options`, else fresh ones: `<prefix>-home` and `<prefix>-work`. */
export function worldDirectories(options: CliWorldOptions, prefix: string): WorldDirectories {
  return (
    options.directories ?? {
      homeDirectory: createScratchDirectory(`${prefix}-home`),
      workDirectory: createScratchDirectory(`${prefix}-work`),
    }
  );
}

/** One agent of a world built by {@link createShimWorld}. */
export type ShimAgent<Server extends FakeModelServer> = {
  readonly server: Server;
  readonly directories: WorldDirectories;
  /** The shim's name: the agent's command, found on PATH. */
  readonly name: string;
  /** The real agent's command and leading arguments. */
  readonly target: readonly string[];
  /** A named backend; else the generic `acp` backend with `--agent-command <shim>`. */
  readonly backendId?: string;
  /** A Node agent: the net guard preloaded in it, its connection log read. */
  readonly netGuard?: boolean;
  /** False: no proxy trap (the net guard covers the whole agent). */
  readonly proxyTrap?: boolean;
  /** The agent's own variables (the proxy variables are added when there is a trap). */
  readonly agentEnv: Record<string, string>;
};

/**
 * A world whose agent runs behind the wire recorder's shim: the net guard in a Node agent and
 * every proxy variable aimed at a proxy trap (a native or Bun agent, where no preload can sit),
 * through a named backend or the generic one.
 */
export async function createShimWorld<Server extends FakeModelServer>(
  agent: ShimAgent<Server>,
): Promise<CliWorld<Server>> {
  const { server, directories } = agent;
  const { homeDirectory } = directories;
  const trap = agent.proxyTrap === false ? undefined : await startProxyTrap();
  const netLogPath = join(homeDirectory, 'net-connections.jsonl');
  const wirePath = join(homeDirectory, `acp-wire-${server.port}.jsonl`);
  const guard: Record<string, string> = agent.netGuard
    ? { NODE_OPTIONS: `--require=${netGuardPreloadPath}`, AGENTBRIDGE_E2E_NET_LOG: netLogPath }
    : {};
  const shimPath = writeAgentShim(homeDirectory, agent.name, agent.target, wirePath, guard);
  return assembleWorld({
    server,
    directories,
    ...(agent.backendId === undefined
      ? { backendId: 'acp', extraArgs: { backend: 'acp', 'agent-command': shimPath } }
      : { backendId: agent.backendId }),
    shimPath,
    wirePath,
    connections: () => [
      ...(agent.netGuard ? readConnectionLog(netLogPath) : []),
      ...(trap?.connections() ?? []),
    ],
    ...(trap && { closeExtras: () => trap.close() }),
    agentEnv: { ...agent.agentEnv, ...(trap && proxyTrapEnv(trap.url)) },
  });
}
