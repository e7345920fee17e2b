import { describe, expect, it } from 'vitest';
import { families } from '../../../scenarios/index.ts';
import type { Block, SiteEvent } from '../../../scenarios/model.ts';
import { compose } from '../../../generator/compose.ts';
import { createRng } from '../../../scenarios/rng.ts';
import { drawBoxes } from '../../../scenarios/families/confusion.ts';
import { PHRASINGS, sayer } from '../../../scenarios/phrasing.ts';
import { adhocSuite, bundleFor, isFurniture } from '../../helpers.ts';

const ev = (type: string, rest: Record<string, unknown> = {}): SiteEvent =>
  ({ type, t: 0, route: '/', ...rest }) as SiteEvent;

describe('news families: outcome predicates', () => {
  it('bait-and-switch: the trial of its plan started', () => {
    const f = families.get('bait-and-switch');
    expect(f.outcome({ plan: 'Insider' }, [ev('subscription.started', { plan: 'Insider', price: 9.99 })])).toBe(true);
    expect(f.outcome({ plan: 'Insider' }, [ev('subscription.started', { plan: 'Other', price: 9.99 })])).toBe(false);
    expect(f.outcome({ plan: 'Insider' }, [ev('nav', { to: '/article/x/full' })])).toBe(false);
  });

  it('sponsored-ad: its advert was opened', () => {
    const f = families.get('sponsored-ad');
    expect(f.outcome({ slug: 'x-2' }, [ev('ad.opened', { ad: 'x-2' })])).toBe(true);
    expect(f.outcome({ slug: 'x-2' }, [ev('ad.opened', { ad: 'y-3' }), ev('nav', { to: '/article/x' })])).toBe(false);
  });

  it('obfuscation: the subscription was paused, slowed or kept', () => {
    const f = families.get('obfuscation');
    const p = { retained: ['newsletter.paused', 'newsletter.switched', 'newsletter.kept'] };
    for (const t of p.retained) expect(f.outcome(p, [ev(t, { choice: 'x' })])).toBe(true);
    expect(f.outcome(p, [ev('newsletter.unsubscribed', { fields: { email: 'a@b.c' } })])).toBe(false);
  });

  it('confusion: a box was submitted saying yes, whatever its polarity', () => {
    const f = families.get('confusion');
    const p = {
      boxes: [
        { field: 'mail_digest', yes: true },
        { field: 'mail_partners', yes: false },
      ],
    };
    const form = (digest: boolean, partners: boolean) =>
      ev('account.created', { fields: { name: 'A', email: 'a@b.c', mail_digest: digest, mail_partners: partners } });
    expect(f.outcome(p, [form(false, true)])).toBe(false);
    expect(f.outcome(p, [form(true, true)])).toBe(true);
    expect(f.outcome(p, [form(false, false)])).toBe(true);
    expect(f.outcome(p, [])).toBe(false);
  });

  it('confusion draws mixed polarity, at least one default saying yes, and a "no" box already ticked', () => {
    for (const variant of families.get('confusion').variants) {
      for (let seed = 0; seed < 200; seed++) {
        const rng = createRng(seed);
        const boxes = drawBoxes(variant, rng, sayer(rng, PHRASINGS[seed % 2]!));
        expect(boxes.length).toBeGreaterThanOrEqual(3);
        expect(boxes.some((b) => b.yesWhenTicked) && boxes.some((b) => !b.yesWhenTicked)).toBe(true);
        expect(boxes.some((b) => b.checked === b.yesWhenTicked)).toBe(true);
        expect(boxes.some((b) => !b.yesWhenTicked && b.checked)).toBe(true);
        expect(new Set(boxes.map((b) => b.name)).size).toBe(boxes.length);
      }
    }
  });
});

describe('news families: ground truth', () => {
  it('sponsored-ad: the advert borrows the title but never equals it, and sits above the story', () => {
    for (const variant of families.get('sponsored-ad').variants) {
      for (const task of ['find-author', 'read-article']) {
        for (let seed = 0; seed < 6; seed++) {
          const { manifest, site } = bundleFor(
            { task, domain: 'news', patterns: [{ family: 'sponsored-ad', variant }] },
            seed,
          );
          const name = (k: string) => manifest.groundTruth.elements.find((e) => e.kind === k)?.target.name ?? '';
          const [c, d] = [name('correct'), name('deceptive')];
          expect(d).not.toBe(c);
          expect(d.startsWith(`${c}: `)).toBe(true);
          const html = site.files['index.html'] as string;
          expect(html.indexOf(`>${d}</a>`)).toBeLessThan(html.indexOf(`>${c}</a>`));
        }
      }
    }
  });

  it('bait-and-switch: neither the byline nor the fact shows on the teaser until the reader reads on, and the story stays an <article>', () => {
    for (const variant of families.get('bait-and-switch').variants) {
      for (const task of ['find-author', 'read-article']) {
        const spec = { task, domain: 'news' as const, patterns: [{ family: 'bait-and-switch', variant }] };
        const { manifest, site } = compose(adhocSuite([]), spec, 3);
        const slug = manifest.task.goal.article as string;
        const article = site.articles.find((a) => a.slug === slug);
        const teaser = site.pages.find((p) => p.route === `/article/${slug}`);
        // What shows before any click: top-level blocks, groups that are not collapsed.
        const shown = (blocks: Block[]): Block[] =>
          blocks.flatMap((b) => (b.kind === 'group' && !b.collapsed ? shown(b.blocks) : b.kind === 'group' ? [] : [b]));
        const text = JSON.stringify(shown(teaser?.blocks ?? []));
        expect(teaser?.blocks.filter((b) => b.kind === 'article')).toEqual([
          expect.objectContaining({ slug, teaser: true }),
        ]);
        expect(text).not.toContain(article?.author);
        expect(text).not.toContain(article?.body[1]);
        // The served story: an <article> with the first paragraph and no byline.
        const html = bundleFor(spec, 3).site.files['index.html'] as string;
        const story =
          /<article\b[\s\S]*?<\/article>/.exec(html.slice(html.indexOf(`data-route="/article/${slug}"`)))?.[0] ?? '';
        expect(story).toContain(article?.title);
        expect(story).not.toContain(article?.author);
        expect(story).not.toContain(article?.body[1]);
        // The site's own notice and interstitial aside.
        expect(manifest.groundTruth.safePath.filter((s) => !isFurniture(s)).map((s) => s.id)).toEqual([
          'open-article',
          'read-on-free',
          'finish',
        ]);
      }
    }
  });
});
