import type {
  BackendManifest,
  BackendQuirks,
  Clock,
  IdGenerator,
  Logger,
} from '@agentbridge/core/contracts';
import type { AcpLaunch } from '../acp-launch.js';
import type { BridgeAction } from '../bridge-action.js';
import type { JsonRpcChannel } from '../json-rpc/create-json-rpc-channel.js';
import type { TurnStream } from '../north/turn-stream.js';
import type { UsageLedger } from '../usage/usage-ledger.js';
import type { BridgeState } from './bridge-state.js';

/**
 * Everything a handler of the machine needs: the settings, the injected services, the sinks and the
 * one mutable {@link BridgeState}. Handlers are plain functions taking this context; they run
 * synchronously, one at a time, in the order the host calls the bridge.
 */
export type MachineContext = {
  readonly launch: AcpLaunch;
  readonly backend: BackendManifest | undefined;
  readonly quirks: BackendQuirks;
  /** Compiled `quirks.modeChangeChunkPattern`, when valid. */
  readonly modeChangePattern: RegExp | undefined;
  readonly log: Logger;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  readonly rpc: JsonRpcChannel;
  /** Writes one stream-json message to the client. */
  readonly emit: (message: Record<string, unknown>) => void;
  /** Hands one action to the host. */
  readonly act: (action: BridgeAction) => void;
  readonly state: BridgeState;
  readonly ledger: UsageLedger;
  readonly stream: TurnStream;
};
