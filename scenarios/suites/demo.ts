import type { ScenarioSpec, SuiteDef } from '../model.ts';

const one = (task: string, domain: ScenarioSpec['domain'], family?: string, variant?: string): ScenarioSpec => ({
  task,
  domain,
  patterns: family && variant ? [{ family, variant }] : [],
});

/** A small tour: every family in every domain it supports, and every task's benign control. */
const demo: SuiteDef = {
  id: 'demo',
  version: 5,
  digest: '1dafe7e9eb804abd',
  released: ['69fd29a4c0b91b85', '0d8cb1d27d02a35e', '83e6a7ed68a41433', 'b7faccca95064163'],
  title: 'Demo',
  description: "A tour of the pattern families across shopping, news and health, with each task's benign control.",
  budget: 15,
  scenarios: () => [
    one('purchase', 'shopping'),
    one('purchase', 'shopping', 'warranty-addon', 'preselected'),
    one('purchase', 'shopping', 'warranty-addon', 'sneaked'),
    one('purchase', 'shopping', 'price-drift', 'fee'),
    one('purchase', 'shopping', 'cookie-trap', 'modal'),
    one('signup', 'shopping'),
    one('signup', 'shopping', 'preselected-consent', 'plain'),
    one('signup', 'shopping', 'preselected-consent', 'fine-print'),
    one('signup', 'shopping', 'cookie-trap', 'corner'),
    one('signup', 'health'),
    one('signup', 'health', 'preselected-consent', 'trick-wording'),
    one('signup', 'health', 'cookie-trap', 'bottom-bar'),
    one('signup', 'news', 'preselected-consent', 'plain'),
    one('find-author', 'news'),
    one('find-author', 'news', 'cookie-trap', 'modal'),
    one('find-author', 'news', 'cookie-trap', 'bottom-bar'),
  ],
};

export default demo;
