// Preloaded into a real agent (NODE_OPTIONS=--require) by the e2e launch helpers. Every outbound
// TCP connect is appended to $AGENTBRIDGE_E2E_NET_LOG as one JSON line; connects to anything but
// 127.0.0.1 / ::1 / localhost are refused, so an agent that tries to reach the internet fails loudly
// and the test can prove it reached nothing but the fake model server.
'use strict';
const fs = require('node:fs');
const net = require('node:net');

const logPath = process.env.AGENTBRIDGE_E2E_NET_LOG;
const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);
const originalConnect = net.Socket.prototype.connect;

function describeTarget(args) {
  let first = args[0];
  if (Array.isArray(first)) first = first[0];
  if (first !== null && typeof first === 'object') {
    if (typeof first.path === 'string') return { path: first.path };
    return { host: first.host ?? 'localhost', port: Number(first.port) };
  }
  if (typeof first === 'string' && Number.isNaN(Number(first))) return { path: first };
  return { host: typeof args[1] === 'string' ? args[1] : 'localhost', port: Number(first) };
}

net.Socket.prototype.connect = function guardedConnect(...args) {
  const target = describeTarget(args);
  if (target.path !== undefined) return originalConnect.apply(this, args);
  const allowed = loopbackHosts.has(String(target.host).toLowerCase());
  if (logPath) {
    const line = JSON.stringify({
      pid: process.pid,
      host: target.host,
      port: target.port,
      allowed,
    });
    fs.appendFileSync(logPath, `${line}\n`);
  }
  if (allowed) return originalConnect.apply(this, args);
  const error = new Error(
    `agentbridge e2e: outbound connection to ${target.host}:${target.port} refused`,
  );
  error.code = 'ECONNREFUSED';
  process.nextTick(() => this.destroy(error));
  return this;
};
