/** One line of the recorded ACP wire, as far as this reads it. */
type WireLine = {
  readonly direction: string;
  readonly message: { readonly params?: Readonly<Record<string, unknown>> };
};

/** The loopback ports of the MCP servers agentbridge gave the agent (`session/new`, ...). */
export function mcpEndpointPorts(wire: readonly WireLine[]): Set<number> {
  const servers = wire.flatMap((entry) => {
    const given =
      entry.direction === 'client->agent' ? entry.message.params?.mcpServers : undefined;
    return Array.isArray(given) ? (given as { url?: unknown }[]) : [];
  });
  return new Set(
    servers.flatMap(({ url }) => {
      const match = typeof url === 'string' ? /^http:\/\/127\.0\.0\.1:(\d+)\//.exec(url) : null;
      return match === null ? [] : [Number(match[1])];
    }),
  );
}
