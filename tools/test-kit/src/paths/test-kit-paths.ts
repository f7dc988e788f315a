import { fileURLToPath } from 'node:url';

// Both src/paths/ and dist/paths/ sit two levels below the package root.
const packageRoot = new URL('../../', import.meta.url);

/**
 * Absolute path of `bin/fake-acp-agent.mjs`: spawn it with `node` (`process.execPath`). It loads the
 * built `dist/`, so build the test kit first.
 */
export const fakeAcpAgentBinPath: string = fileURLToPath(
  new URL('bin/fake-acp-agent.mjs', packageRoot),
);

/** The names of the scenarios shipped in `scenarios/`. */
export type ShippedScenarioName = 'basic' | 'demo' | 'slow-stream' | 'auth-required';

/** Absolute path of a shipped scenario, e.g. `scenarioPath('demo')` for `scenarios/demo.json`. */
export function scenarioPath(name: ShippedScenarioName): string {
  return fileURLToPath(new URL(`scenarios/${name}.json`, packageRoot));
}
