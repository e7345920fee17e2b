import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGalleryServer, type GalleryServer } from '../../harness/server.ts';
import { LIVE_INDEX } from '../../harness/gallery.ts';
import { UserError } from '../../scenarios/errors.ts';

const KEY = 'abcdef012345';
let dir = '';
let server: GalleryServer;

beforeAll(async () => {
  // A gallery as decoy site build leaves it, reduced to what the server reads.
  dir = mkdtempSync(join(tmpdir(), 'decoy-serve-'));
  mkdirSync(join(dir, 'site/live', KEY), { recursive: true });
  writeFileSync(join(dir, 'site', LIVE_INDEX), JSON.stringify({ [KEY]: { scenario: 'demo.x.s7', suite: 'demo' } }));
  writeFileSync(join(dir, 'site/index.html'), '<h1>gallery</h1>');
  writeFileSync(join(dir, 'site/live', KEY, 'index.html'), '<h1>live</h1>');
  writeFileSync(join(dir, 'site/.secret'), 'hidden');
  server = await startGalleryServer({ dir: join(dir, 'site'), port: 0, logDir: join(dir, 'logs') });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (events: { type: string }[], session = 's1') =>
  fetch(`${server.url}__events/${KEY}`, { method: 'POST', body: JSON.stringify({ session, events }) });

describe('the gallery server', () => {
  it('serves the gallery, any route of a live site as its document, and no dotfile', async () => {
    expect(await (await fetch(server.url)).text()).toBe('<h1>gallery</h1>');
    expect(await (await fetch(`${server.url}live/${KEY}/cart`)).text()).toBe('<h1>live</h1>');
    expect((await fetch(`${server.url}.secret`)).status).toBe(404);
    expect((await fetch(`${server.url}live/000000000000/`)).status).toBe(404);
  });

  it('writes each log whole, and a log folder that vanished is made again: no 500, no lost log', async () => {
    expect((await post([{ type: 'nav' }])).status).toBe(204);
    const file = join(dir, 'logs', 'demo.x.s7.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).events).toHaveLength(1);
    rmSync(join(dir, 'logs'), { recursive: true, force: true });
    expect((await post([{ type: 'nav' }, { type: 'cart.added' }])).status).toBe(204);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ scenario: 'demo.x.s7', suite: 'demo', session: 's1', events: [{ type: 'nav' }, { type: 'cart.added' }] });
  });

  it('a log folder replaced by a file: 507 and one line told, once, until storing works again; then the log is stored', async () => {
    const told: string[] = [];
    const logs = join(dir, 'logs3');
    const own = await startGalleryServer({ dir: join(dir, 'site'), port: 0, logDir: logs, warn: (line) => told.push(line) });
    try {
      const send = (n: number) => fetch(`${own.url}__events/${KEY}`, { method: 'POST', body: JSON.stringify({ session: 's1', events: Array.from({ length: n }, () => ({ type: 'nav' })) }) });
      rmSync(logs, { recursive: true, force: true });
      writeFileSync(logs, 'not a folder');
      const refused = await send(1);
      expect(refused.status).toBe(507);
      expect(await refused.text()).toContain(`${logs} is not a folder`);
      expect((await send(2)).status).toBe(507);
      expect(told).toEqual([`could not store the log of demo.x.s7: ${logs} is not a folder; it is stored when the page posts again after this is fixed`]);
      rmSync(logs);
      expect((await send(3)).status).toBe(204);
      expect(JSON.parse(readFileSync(join(logs, 'demo.x.s7.json'), 'utf8')).events).toHaveLength(3);
    } finally {
      await own.close();
    }
  });

  it('refuses a log of the wrong shape and a gallery that holds a symbolic link', async () => {
    expect((await fetch(`${server.url}__events/${KEY}`, { method: 'POST', body: '{"session": 1}' })).status).toBe(400);
    const linked = join(dir, 'linked');
    mkdirSync(linked);
    writeFileSync(join(linked, LIVE_INDEX), '{}');
    symlinkSync('/etc', join(linked, 'etc'));
    await expect(startGalleryServer({ dir: linked, port: 0, logDir: join(dir, 'logs2') })).rejects.toThrow(UserError);
    await expect(startGalleryServer({ dir: linked, port: 0, logDir: join(dir, 'logs2') })).rejects.toThrow(/symbolic link/);
  });
});
