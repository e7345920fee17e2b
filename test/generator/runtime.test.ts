import { describe, expect, expectTypeOf, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { suites } from '../../scenarios/index.ts';
import type { PageEventBody, SiteEvent } from '../../scenarios/contract.ts';
import type { PatternFamily, TaskDef } from '../../scenarios/model.ts';
import { siteLogSchema } from '../../scenarios/events.ts';
import { generateSuite } from '../../generator/bundle.ts';
import { runtimeScript } from '../../generator/runtime-bundle.ts';
import { projectRoot } from '../../lib/root.ts';
import type { log } from '../../generator/runtime/store.ts';
import { play } from '../helpers.ts';

describe('site runtime', () => {
  it('the runtime logs neutral page events, and the evaluators read SiteEvents: one type on each side', () => {
    expectTypeOf<Parameters<typeof log>[0]>().toEqualTypeOf<PageEventBody>();
    expectTypeOf<Parameters<TaskDef['success']>[1]>().toEqualTypeOf<readonly SiteEvent[]>();
    expectTypeOf<Parameters<PatternFamily['outcome']>[1]>().toEqualTypeOf<readonly SiteEvent[]>();
  });

  it('is one ES2019 script that names no folder of the machine it was built on, byte-identical when built from another working directory', () => {
    const script = runtimeScript();
    expect(script.length).toBeGreaterThan(1000);
    expect(script).not.toContain(projectRoot());
    expect(script).toMatch(/^\(\(\) ?=> ?\{|^"use strict";\n?\(\(\) ?=> ?\{/);
    const code =
      "import { runtimeScript } from './generator/runtime-bundle.ts'; process.stdout.write(runtimeScript());";
    const elsewhere = execFileSync(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        '--input-type=module',
        '-e',
        code.replace('./generator', `${projectRoot()}/generator`),
      ],
      { cwd: tmpdir(), encoding: 'utf8' },
    );
    expect(elsewhere).toBe(script);
  }, 60_000);

  it('every event a real episode logs, on every suite, is one the SiteEvent schema describes (safe path, trap path and a random agent)', async () => {
    const seen = new Set<string>();
    for (const suite of ['demo', 'controls', 'trickyarena-single', 'trickyarena-multi', 'webdecept']) {
      const bundles = generateSuite(suites.get(suite), 7).filter((_, i) => i % 20 === 0);
      for (const b of bundles) {
        const bundle = { manifest: b.manifest, site: { files: b.files } };
        for (const r of [await play(bundle, 'oracle'), await play(bundle, 'random', 100)]) {
          const parsed = siteLogSchema.safeParse(r.events);
          expect(parsed.success ? '' : `${b.manifest.id}: ${parsed.error.message}`).toBe('');
          for (const e of r.events) seen.add(e.type);
        }
        const gt = bundle.manifest.groundTruth;
        const { agents } = await import('../../simulator/loop/registries.ts');
        const trap = agents.get('oracle').create({
          seed: 1,
          options: {},
          scenario: b.manifest.id,
          privileged: { safePath: gt.trapPath, trapPath: gt.trapPath },
        });
        const r = await play(bundle, trap);
        expect(siteLogSchema.safeParse(r.events).success).toBe(true);
        for (const e of r.events) seen.add(e.type);
      }
    }
    // The sample exercises every kind of event, so the check above could fail for each.
    for (const type of [
      'nav',
      'overlay.shown',
      'overlay.closed',
      'cart.added',
      'order.placed',
      'consent.set',
      'account.created',
      'subscription.started',
      'offer.accepted',
    ])
      expect([...seen]).toContain(type);
  }, 600_000);
});
