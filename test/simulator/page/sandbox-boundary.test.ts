/**
 * The kernel boundary (simulator/page/sandbox/boundary.ts): a process started inside it as the
 * engine is, but without Node's permission model (as a page that escaped both the lock-down
 * and the permission model would be), reaches no listener on the host's 127.0.0.1 and reads
 * no file outside what it is given; and the engine process itself runs inside it, measured
 * by its own pid. Where bubblewrap cannot run these are skipped, but not in CI (.ci/run installs it).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingListener } from '../../helpers.ts';
import { packagePath } from '../../../lib/root.ts';
import { bwrapArgs, describeBoundary, kernelBoundary, nodeBinary } from '../../../simulator/page/sandbox/boundary.ts';
import { SandboxBrowser } from '../../../simulator/page/sandbox/browser.ts';
import { DEFAULT_LIMITS } from '../../../simulator/page/engine/limits.ts';
import { engineProcess } from '../../../simulator/page/sandbox/process.ts';

const boundary = kernelBoundary();
const absent = boundary.kind === 'none' && !process.env.CI;

/** What escaped code tries from inside: each line `name: ran` or `name: denied`. */
const ESCAPED = `
const net = require('node:net'), fs = require('node:fs');
const [port, secret, shared, given] = process.argv.slice(1);
const out = {};
const read = (name, file) => { try { fs.readFileSync(file); out[name] = 'ran'; } catch { out[name] = 'denied'; } };
read('read a file outside', secret);
read("read the package's own files", shared);
read('read the bound code', ${JSON.stringify(packagePath('package.json'))});
read('read a folder it is given under /tmp', given);
try { fs.writeFileSync(${JSON.stringify(join(packagePath('node_modules'), '.decoy-boundary-probe'))}, 'x'); out['write the bound code'] = 'ran'; } catch { out['write the bound code'] = 'denied'; }
const s = net.connect(Number(port), '127.0.0.1');
s.on('connect', () => { out['connect to the host'] = 'ran'; done(); });
s.on('error', () => { out['connect to the host'] = 'denied'; done(); });
function done() { console.log(JSON.stringify(out)); process.exit(0); }
`;

describe.skipIf(absent)('the kernel boundary', () => {
  let dir = '';
  let listener: Awaited<ReturnType<typeof countingListener>>;
  let port = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'decoy-boundary-'));
    writeFileSync(join(dir, 'secret'), 'secret');
    mkdirSync(join(dir, 'given'));
    writeFileSync(join(dir, 'given', 'file'), 'given');
    listener = await countingListener();
    port = listener.port;
  });

  afterAll(async () => {
    await listener.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is bubblewrap here, and says so', () => {
    expect(boundary.kind).toBe('bubblewrap');
    expect(describeBoundary(boundary)).toMatch(/^engine sandbox: bubblewrap \(no network, read-only code\)/);
  });

  it('code inside reaches no listener on the host, reads nothing outside its binds and writes none of them', async () => {
    if (boundary.kind !== 'bubblewrap') throw new Error('no bubblewrap');
    // The folder given lies under the host's /tmp, as a package unpacked there would: the sandbox's own /tmp does not hide it.
    const args = [
      ...bwrapArgs({ dirs: [packagePath('node_modules'), join(dir, 'given')], files: [packagePath('package.json')] }),
      '--',
      nodeBinary(),
      '-e',
      ESCAPED,
      String(port),
      join(dir, 'secret'),
      packagePath('README.md'),
      join(dir, 'given', 'file'),
    ];
    const child = spawn(boundary.bwrap, args, { env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise((r) => child.on('exit', r));
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual({
      'read a file outside': 'denied',
      "read the package's own files": 'denied',
      'read the bound code': 'ran',
      'read a folder it is given under /tmp': 'ran',
      'write the bound code': 'denied',
      'connect to the host': 'denied',
    });
    expect(listener.connections()).toBe(0);
  });

  it("each worker's engine process runs inside it, in a network namespace of its own, and its CPU time is the engine's own", async () => {
    // --workers 2: two browsers of one run on two engine processes, each behind the boundary.
    const browsers = [new SandboxBrowser({}, 0), new SandboxBrowser({}, 1)];
    try {
      const pids: number[] = [];
      for (const [worker, browser] of browsers.entries()) {
        await browser.open({ files: { 'index.html': '<p>x</p>' } }, { seed: 1 });
        const pid = (engineProcess(DEFAULT_LIMITS.memoryMb, null, worker) as unknown as { pid: number }).pid;
        pids.push(pid);
        expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
        // The pid measured is node's running the engine, not bwrap's.
        expect(
          readFileSync(`/proc/${pid}/cmdline`, 'utf8')
            .split('\0')
            .some((arg) => arg.endsWith(join('simulator', 'page', 'sandbox', 'child.js'))),
        ).toBe(true);
      }
      expect(pids[0]).not.toBe(pids[1]);
      expect(readlinkSync(`/proc/${pids[0]}/ns/net`)).not.toBe(readlinkSync(`/proc/${pids[1]}/ns/net`));
    } finally {
      for (const b of browsers) await b.close();
    }
  });
});
