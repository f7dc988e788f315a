import type {
  HostOperation,
  HostOperationKind,
  HostOperationMap,
} from '@agentbridge/core/contracts';

/** Carries out one kind of host operation. */
type HostOperationHandler<Kind extends HostOperationKind> = (
  params: HostOperationMap[Kind]['params'],
) => Promise<HostOperationMap[Kind]['result']>;

/**
 * The I/O one session's bridge asks for (client files and terminals, ...), by kind. A kind without
 * a handler fails with a clear message, which the bridge passes on to whoever asked.
 */
export type HostOperations = {
  readonly [Kind in HostOperationKind]?: HostOperationHandler<Kind>;
} & {
  /** The session ended: release what the handlers hold (running terminals, endpoints). */
  readonly close?: () => Promise<void>;
};

/** Runs `operation` with its handler in `operations`. */
export async function performHostOperation(
  operations: HostOperations,
  operation: HostOperation,
): Promise<unknown> {
  const handler = operations[operation.kind] as
    | ((params: HostOperation['params']) => Promise<unknown>)
    | undefined;
  if (handler === undefined) throw new Error(`This host does not carry out ${operation.kind}.`);
  return handler(operation.params);
}
