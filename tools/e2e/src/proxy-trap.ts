import type { AddressInfo, Server, Socket } from 'node:net';
import { createServer } from 'node:net';
import type { RecordedConnection } from './launch-agent.js';

/**
 * A fake HTTP(S) proxy on 127.0.0.1 that refuses everything and records where the client wanted
 * to go. Give it to an agent that is not Node (codex-acp) as `HTTPS_PROXY` / `HTTP_PROXY` /
 * `ALL_PROXY` with `NO_PROXY=127.0.0.1,localhost`: every non-loopback connection then ends here
 * (and fails), and the test can assert there were none.
 */
export type ProxyTrap = {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Connections attempted through the proxy so far (all refused). */
  connections(): RecordedConnection[];
  close(): Promise<void>;
};

/** Starts a {@link ProxyTrap}. */
export async function startProxyTrap(): Promise<ProxyTrap> {
  const attempts: RecordedConnection[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.once('data', (chunk: Buffer) => {
      attempts.push(toAttempt(chunk.toString('latin1').split('\r\n')[0] ?? ''));
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => [...attempts],
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}

/** Parses `CONNECT host:443 HTTP/1.1` or `GET http://host:80/path HTTP/1.1`. */
function toAttempt(requestLine: string): RecordedConnection {
  const [method = '', target = ''] = requestLine.split(' ');
  if (method === 'CONNECT') {
    const separator = target.lastIndexOf(':');
    return {
      host: target.slice(0, separator),
      port: Number(target.slice(separator + 1)),
      allowed: false,
    };
  }
  try {
    const url = new URL(target);
    return {
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      allowed: false,
    };
  } catch {
    return { host: requestLine.slice(0, 80), port: 0, allowed: false };
  }
}

/**
 * The environment that sends every proxied connection to `trapUrl` (upper- and lower-case proxy
 * variables) while loopback stays direct, so only the fake model server can be reached.
 */
export function proxyTrapEnv(trapUrl: string): Record<string, string> {
  const proxyVariables = Object.fromEntries(
    ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY'].flatMap((name) => [
      [name, trapUrl],
      [name.toLowerCase(), trapUrl],
    ]),
  );
  return {
    ...proxyVariables,
    NO_PROXY: '127.0.0.1,localhost,::1',
    no_proxy: '127.0.0.1,localhost,::1',
  };
}
