import type {
  BridgeEvent,
  HostOperation,
  HostOperationKind,
  HostOperationMap,
  HostResult,
} from '@agentbridge/core/contracts';

/** The I/O the bridge asks its host for, each answered exactly once. */
export interface HostChannel {
  /** Emits a `host-operation`; `onResult` runs with the host's answer (or a failure, see `failPending`). */
  perform<Kind extends HostOperationKind>(
    kind: Kind,
    params: HostOperationMap[Kind]['params'],
    onResult: (result: HostResult<Kind>) => void,
  ): void;
  /** The host's answer (`bridge.onHostResult`); false when nothing waits for `operationId`. */
  settle(operationId: string, result: HostResult): boolean;
  /** Settles every pending operation as failed with `message` (the session is over). */
  failPending(message: string): void;
  /** Whether an operation waits for the host (a client terminal running, GA-14). */
  hasPending(): boolean;
}

/** Creates the channel; `emit` receives the `host-operation` events. */
export function createHostChannel(emit: (event: BridgeEvent) => void): HostChannel {
  let next = 1;
  const pending = new Map<string, (result: HostResult) => void>();
  return {
    perform(kind, params, onResult) {
      const operationId = `op-${next++}`;
      pending.set(operationId, onResult as (result: HostResult) => void);
      // A correlated pair TypeScript cannot check through the generic: `params` belongs to `kind`.
      const operation = { kind, params } as HostOperation;
      emit({ type: 'host-operation', operationId, operation });
    },
    settle(operationId, result) {
      const onResult = pending.get(operationId);
      if (onResult === undefined) return false;
      pending.delete(operationId);
      onResult(result);
      return true;
    },
    hasPending: () => pending.size > 0,
    failPending(message) {
      const handlers = [...pending.values()];
      pending.clear();
      for (const onResult of handlers) onResult({ ok: false, message });
    },
  };
}
