import type {
  HostOperation,
  HostOperationKind,
  HostOperationMap,
  McpEndpointMessage,
} from '@agentbridge/core/contracts';

/** What a handler may hand the bridge unasked: a message arriving at the session's MCP endpoint. */
export type BridgeInbox = { readonly onMcpMessage: (message: McpEndpointMessage) => void };

/** Carries out one kind of host operation. */
type HostOperationHandler<Kind extends HostOperationKind> = (
  params: HostOperationMap[Kind]['params'],
  inbox: BridgeInbox,
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
  inbox: BridgeInbox,
): Promise<unknown> {
  const handler = operations[operation.kind] as
    | ((params: HostOperation['params'], inbox: BridgeInbox) => Promise<unknown>)
    | undefined;
  if (handler === undefined) throw new Error(`This host does not carry out ${operation.kind}.`);
  return handler(operation.params, inbox);
}

/** The handlers of several parts (files, terminals, the MCP endpoint); `close` closes them all. */
export function combineHostOperations(
  ...parts: readonly (HostOperations | false | undefined)[]
): HostOperations {
  const present = parts.filter(
    (part): part is HostOperations => part !== false && part !== undefined,
  );
  const close = async () => {
    await Promise.all(present.map((part) => part.close?.()));
  };
  return Object.assign({}, ...present, { close });
}
