import type { AcpBridge, AcpBridgeOptions } from '../acp-bridge.js';
import { bridgeOver } from '../create-acp-bridge.js';
import { createMachineContext } from '../machine/create-machine-context.js';

/** where a function is reachable under `value` (objects, arrays, Maps and Sets walked). */
export function functionPaths(value: unknown, path = 'state', seen = new Set<object>()): string[] {
  if (typeof value === 'function') return [path];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  const entries: [string, unknown][] =
    value instanceof Map
      ? [...value].map(([key, item]) => [`${path}[${String(key)}]`, item])
      : value instanceof Set
        ? [...value].map((item, index) => [`${path}{${index}}`, item])
        : Object.entries(value).map(([key, item]) => [`${path}.${key}`, item]);
  return entries.flatMap(([where, item]) => functionPaths(item, where, seen));
}

/** throws unless the state is data only: no function reachable, and `structuredClone` takes it. */
export function assertDataOnly(state: unknown): void {
  const paths = functionPaths(state);
  if (paths.length > 0) throw new Error(`the bridge state holds functions at ${paths.join(', ')}`);
  structuredClone(state);
}

/** `createAcpBridge`, with its state checked to hold data only after every input. */
export function createInspectedBridge(options: AcpBridgeOptions): AcpBridge {
  const context = createMachineContext(options);
  const bridge = bridgeOver(context);
  const checked = Object.entries(bridge).map(([name, input]) => [
    name,
    (...args: unknown[]) => {
      (input as (...inputArgs: unknown[]) => void)(...args);
      assertDataOnly(context.state);
    },
  ]);
  return Object.fromEntries(checked) as AcpBridge;
}
