import type { AcpBridge, AcpBridgeOptions } from '@agentbridge/bridge-acp';
import { InternalError } from '@agentbridge/core/contracts';

/** Makes a bridge; `createAcpBridge` from `@agentbridge/bridge-acp` by default. */
export type CreateBridge = (options: AcpBridgeOptions) => AcpBridge;

/**
 * Loads `createAcpBridge` from `@agentbridge/bridge-acp` on first use, so that hosts that inject
 * their own factory (tests, embedders) never load the translator.
 */
export async function loadDefaultBridgeFactory(): Promise<CreateBridge> {
  const module = (await import('@agentbridge/bridge-acp')) as unknown as Record<string, unknown>;
  const factory = module.createAcpBridge;
  if (typeof factory !== 'function') {
    throw new InternalError('@agentbridge/bridge-acp does not export createAcpBridge.');
  }
  return factory as CreateBridge;
}
