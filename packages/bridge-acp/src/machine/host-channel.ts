import type {
  BridgeEvent,
  HostOperation,
  HostOperationKind,
  HostOperationMap,
  HostResult,
} from '@agentbridge/core/contracts';
import { createPendingRequests } from '../pending/pending-requests.js';

/** The I/O the bridge asks its host for, each answered once (`settleAll`: failed with a reason). */
export type HostChannel = ReturnType<typeof createHostChannel>;

/** Creates the channel; `emit` receives the `host-operation` events. */
export function createHostChannel(emit: (event: BridgeEvent) => void) {
  const pending = createPendingRequests<string, HostResult>({
    id: (n) => `op-${n}`,
    ended: (message) => ({ ok: false, message }),
  });
  return {
    /** The host's answer (`bridge.onHostResult`); false when nothing waits for the operation. */
    settle: pending.settle,
    settleAll: pending.settleAll,
    /** Emits a `host-operation`; `onResult` runs with the host's answer. */
    perform<Kind extends HostOperationKind>(
      kind: Kind,
      params: HostOperationMap[Kind]['params'],
      onResult: (result: HostResult<Kind>) => void,
    ): void {
      // A correlated pair TypeScript cannot check through the generic: `params` belongs to `kind`.
      const operation = { kind, params } as HostOperation;
      const send = (operationId: string) =>
        emit({ type: 'host-operation', operationId, operation });
      pending.register(send, onResult as (result: HostResult) => void);
    },
    /** Whether an operation waits for the host (a client terminal running, GA-14). */
    hasPending: () => pending.count() > 0,
  };
}
