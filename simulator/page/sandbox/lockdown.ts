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
    if (name in target)
      Object.defineProperty(target, name, { value: deny(`${label}.${name}`), writable: false, configurable: false });
  }
}

type Module = Record<string, unknown> & { prototype?: Record<string, unknown> };

function proto(mod: Module, cls: string): Record<string, unknown> | undefined {
  return (mod[cls] as Module | undefined)?.prototype;
}

/**
 * Every function jsdom hands a page (setTimeout, createElement, localStorage.getItem, ...)
 * is a function of this realm, and `fn.constructor` would be this realm's Function: code
 * compiled there sees `process`. The constructor of every kind of function is replaced,
 * for good, by one that throws; the global Function (which jsdom's own modules may call)
 * stays, and no page reaches it by a name.
 */
function lockConstructors(): void {
  const kinds = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const fn of kinds) {
    Object.defineProperty(Object.getPrototypeOf(fn), 'constructor', {
      value: deny('Function constructor'),
      writable: false,
      configurable: false,
      enumerable: false,
    });
  }
}

/** Locks the engine down (it answers the run on a channel it opened before: child.ts). */
export function lockDown(): void {
  lockConstructors();
  // A prepareStackTrace of this realm would be handed the engine's call sites (their functions and receivers).
  Object.defineProperty(Error, 'prepareStackTrace', {
    get: () => undefined,
    set: deny('Error.prepareStackTrace'),
    configurable: false,
  });
  // Node makes the stdio streams on first use from the net module's exports: make them now.
  void process.stdout;
  void process.stderr;
  const net = require('node:net') as Module;
  denyAll(proto(net, 'Socket'), ['connect'], 'net.Socket');
  // _listen2 makes the listening handle itself; a Socket made on a file descriptor (the run's channel) writes to it raw.
  denyAll(proto(net, 'Server'), ['listen', '_listen2'], 'net.Server');
  denyAll(net, ['connect', 'createConnection', 'createServer'], 'net');
  const tls = require('node:tls') as Module;
  denyAll(proto(tls, 'TLSSocket'), ['connect'], 'tls.TLSSocket');
  denyAll(tls, ['connect', 'createServer'], 'tls');
  const dgram = require('node:dgram') as Module;
  denyAll(proto(dgram, 'Socket'), ['bind', 'send', 'connect'], 'dgram.Socket');
  // A dgram Socket holds its native handle from construction (its bind is reachable through a symbol).
  denyAll(dgram, ['createSocket', 'Socket'], 'dgram');
  denyAll(require('node:http') as Module, ['request', 'get', 'createServer'], 'http');
  denyAll(require('node:https') as Module, ['request', 'get', 'createServer'], 'https');
  denyAll(require('node:http2') as Module, ['connect', 'createServer', 'createSecureServer'], 'http2');
  const dns = require('node:dns') as Module;
  const lookups = [
    'lookup',
    'lookupService',
    'resolve',
    'resolve4',
    'resolve6',
    'resolveAny',
    'resolveCaa',
    'resolveCname',
    'resolveMx',
    'resolveNaptr',
    'resolveNs',
    'resolvePtr',
    'resolveSoa',
    'resolveSrv',
    'resolveTxt',
    'reverse',
  ];
  denyAll(proto(dns, 'Resolver'), lookups, 'dns.Resolver');
  denyAll(dns, lookups, 'dns');
  const dnsPromises = dns.promises as Module;
  denyAll(proto(dnsPromises, 'Resolver'), lookups, 'dns.promises.Resolver');
  denyAll(dnsPromises, lookups, 'dns.promises');
  denyAll(
    require('node:child_process') as Module,
    ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
    'child_process',
  );
  denyAll(require('node:worker_threads') as Module, ['Worker'], 'worker_threads');
  const inspector = require('node:inspector') as Module;
  denyAll(inspector, ['open'], 'inspector');
  denyAll(proto(inspector, 'Session'), ['connect', 'connectToMainThread'], 'inspector.Session');
  // _kill is the raw binding behind kill (it would signal the run itself); send and _send (an IPC channel's, should one be given) would forge replies.
  denyAll(
    process as unknown as Record<string, unknown>,
    ['kill', '_kill', 'dlopen', '_debugProcess', '_debugEnd', 'binding', '_linkedBinding', 'chdir', 'send', '_send'],
    'process',
  );
  // Last, once every builtin that extends them at load (tls, http, https, http2, tty) has loaded.
  require('node:tty');
  denyAll(net, ['Server', 'Socket', 'Stream'], 'net');
  const g = globalThis as unknown as Record<string, unknown>;
  for (const name of ['fetch', 'WebSocket', 'EventSource', 'WebSocketStream']) {
    if (name in g) Object.defineProperty(g, name, { value: deny(name), writable: false, configurable: false });
  }
  // Named imports of builtins (import { connect } from 'node:net') read these copies.
  syncBuiltinESMExports();
}
