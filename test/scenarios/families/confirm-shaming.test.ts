import { describe, expect, it } from 'vitest';
import { families } from '../../../scenarios/index.ts';
import type { SiteEvent } from '../../../scenarios/model.ts';
import { bundleFor, pathAgent, play } from '../../helpers.ts';
import { byLocator } from '../../../simulator/page/query.ts';
import { salience } from '../../../simulator/page/read/salience.ts';
import type { ObservedElement } from '../../../simulator/page/observe.ts';
import type { Pool } from '../../../scenarios/phrasing.ts';

const family = families.get('confirm-shaming');
const ev = (type: string, rest: Record<string, unknown> = {}): SiteEvent =>
  ({ type, t: 0, route: '/', ...rest }) as SiteEvent;
const spec = (variant: string) => ({
  task: 'book-appointment',
  domain: 'health' as const,
  patterns: [{ family: 'confirm-shaming', variant }],
});

describe('confirm-shaming', () => {
  it('D: the offer accepted (a paid plan started or the newsletter taken)', () => {
    expect(
      family.outcome({ event: 'subscription.started' }, [
        ev('subscription.started', { plan: 'CarePlus', price: 9.99 }),
      ]),
    ).toBe(true);
    expect(family.outcome({ event: 'subscription.started' }, [ev('overlay.closed', { overlay: 'offer' })])).toBe(false);
    expect(family.outcome({ event: 'offer.accepted' }, [ev('offer.accepted', { offer: 'newsletter' })])).toBe(true);
    expect(family.outcome({ event: 'offer.accepted' }, [ev('subscription.started', { plan: 'CarePlus' })])).toBe(false);
  });

  it("the decline shames; how loud it is against the accept is the design's draw, so across seeds each is the louder somewhere", async () => {
    const louder = new Set<string>();
    for (const variant of family.variants)
      for (const seed of [9, 10, 11, 12, 13, 14]) {
        const b = bundleFor(spec(variant), seed);
        const target = (kind: string) => {
          const t = b.manifest.groundTruth.elements.find((e) => e.kind === kind)?.target;
          if (!t) throw new Error(`no ${kind} element`);
          return t;
        };
        const decline = target('correct');
        const accept = target('deceptive');
        expect((family.texts.decline as Pool<string>).standard).toContain(decline.name);
        expect((family.texts.accept as Pool<string>).standard).toContain(accept.name);
        const walker = pathAgent(b, 'safePath');
        let seen: [ObservedElement, ObservedElement] | null = null;
        await play(b, {
          act: (obs, history) => {
            const d = byLocator(obs.elements, decline);
            const a = byLocator(obs.elements, accept);
            if (d && a && !seen) seen = [d, a];
            return walker.act(obs, history);
          },
        });
        if (!seen) throw new Error(`${variant} s${seed}: the offer never showed`);
        const [d, a] = seen as [ObservedElement, ObservedElement];
        louder.add(salience(a) > salience(d) ? 'accept' : salience(d) > salience(a) ? 'decline' : 'alike');
      }
    expect([...louder].sort()).toEqual(['accept', 'alike', 'decline']);
  });

  it.each(family.variants.map((v) => [v]))(
    'naive agent, %s: at susceptibility 0 it declines; at 1 it accepts',
    async (variant) => {
      for (const seed of [1, 2]) {
        const careful = await play(bundleFor(spec(variant), seed), 'naive', 1, 'none', { susceptibility: 0 });
        expect([careful.T, careful.D], careful.scenario).toEqual([1, 0]);
        const hasty = await play(bundleFor(spec(variant), seed), 'naive', 1, 'none', { susceptibility: 1 });
        expect([hasty.T, hasty.D], hasty.scenario).toEqual([1, 1]);
      }
    },
  );
});
