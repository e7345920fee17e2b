/**
 * Runs in the engine process before any page loads. Node's permission model (the flags
 * the process starts with) denies file writes, reads outside the code, child processes,
 * workers and native bindings; it does not cover sockets. This takes the network entry
 * points of Node's own modules away: a page that escapes into Node reaches the same module
 * instances (also through import()), so it finds them throwing too.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);

export const DENIED = 'denied in the engine sandbox';

function deny(what: string): () => never {
  return () => {
    throw new Error(`${what}: ${DENIED}`);
  };
}

function denyAll(target: Record<string, unknown> | undefined, names: readonly string[], label: string): void {
  if (!target) return;
  for (const name of names) {
    if (name in target) Object.defineProperty(target, name, { value: deny(`${label}.${name}`), writable: false, configurable: false });
  }
}

type Module = Record<string, unknown> & { prototype?: Record<string, unknown> };

function proto(mod: Module, cls: string): Record<string, unknown> | undefined {
  return (mod[cls] as Module | undefined)?.prototype;
}

export function lockDown(): void {
  const net = require('node:net') as Module;
  denyAll(proto(net, 'Socket'), ['connect'], 'net.Socket');
  denyAll(proto(net, 'Server'), ['listen'], 'net.Server');
  denyAll(net, ['connect', 'createConnection', 'createServer'], 'net');
  const tls = require('node:tls') as Module;
  denyAll(proto(tls, 'TLSSocket'), ['connect'], 'tls.TLSSocket');
  denyAll(tls, ['connect', 'createServer'], 'tls');
  const dgram = require('node:dgram') as Module;
  denyAll(proto(dgram, 'Socket'), ['bind', 'send', 'connect'], 'dgram.Socket');
  denyAll(dgram, ['createSocket'], 'dgram');
  for (const name of ['node:http', 'node:https']) denyAll(require(name) as Module, ['request', 'get', 'createServer'], name.slice(5));
  denyAll(require('node:http2') as Module, ['connect', 'createServer', 'createSecureServer'], 'http2');
  const dns = require('node:dns') as Module;
  const lookups = ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse'];
  denyAll(proto(dns, 'Resolver'), lookups, 'dns.Resolver');
  denyAll(dns, lookups, 'dns');
  const dnsPromises = dns.promises as Module;
  denyAll(proto(dnsPromises, 'Resolver'), lookups, 'dns.promises.Resolver');
  denyAll(dnsPromises, lookups, 'dns.promises');
  denyAll(require('node:child_process') as Module, ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'], 'child_process');
  denyAll(require('node:worker_threads') as Module, ['Worker'], 'worker_threads');
  const inspector = require('node:inspector') as Module;
  denyAll(inspector, ['open'], 'inspector');
  denyAll(proto(inspector, 'Session'), ['connect', 'connectToMainThread'], 'inspector.Session');
  denyAll(process as unknown as Record<string, unknown>, ['kill', 'dlopen', '_debugProcess', '_debugEnd', 'binding', '_linkedBinding', 'chdir'], 'process');
  const g = globalThis as unknown as Record<string, unknown>;
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'WebSocketStream']) {
    if (name in g) Object.defineProperty(g, name, { value: deny(name), writable: false, configurable: false });
  }
  // Named imports of builtins (import { connect } from 'node:net') read these copies.
  syncBuiltinESMExports();
}
