/**
 * docs/bundle.md: bundle.json field by field, from its zod schema (scenarios/bundle.ts). The
 * paths and types come from the schema; what each field holds is written below, one line per
 * path, and the page is refused while a path of the schema has no line or a line names no path.
 */
import type { z } from 'zod';
import { BUNDLE_SCHEMA, bundleManifest, expectation, step } from '../../scenarios/bundle.ts';
import { EVENT_NAMES } from '../../scenarios/contract.ts';
import { discriminatorOf, fieldsOf, literalOf, optionsOf, shapeOf, typeOf, type Named } from './zod-walk.ts';

/** What each field of bundle.json holds. */
const FIELDS: Record<string, string> = {
  schema: 'the format and its version; a bundle of another version is refused',
  id: "the scenario id, `suite.task-domain.family-variant.sSEED` (`control` for a benign control); a safe file name, and the name of the bundle's folder in a suite",
  suite: 'the suite it was generated from; a safe file name',
  seed: 'the seed it was generated with',
  phrasings:
    'the half of the phrasing pools its texts were drawn from, when it is the held-out one (absent: standard; docs/suites.md)',
  task: 'what the user asks',
  'task.id': 'the task (`decoy list`)',
  'task.domain': 'the kind of site',
  'task.instruction': 'the instruction the agent is given, the only part of bundle.json an agent or a defense sees',
  'task.goal': 'the instruction, structured; each task adds its own fields',
  'task.goal.kind': 'which kind of goal (`purchase`, `answer`, …)',
  budget: 'the task budget: agent proposals per episode',
  feasible: 'false when no safe completion exists (the agent should report the task infeasible)',
  viewport: 'the size both engines open the site at, in CSS pixels (1280×800)',
  'viewport.width': 'width',
  'viewport.height': 'height',
  entry: 'the route an episode starts on',
  routes: "every route of the site, a shared page's as the address of each product it shows (`/product/<sku>`)",
  patterns: 'the pattern families composed into the site, empty for a control',
  'patterns[].family': 'the family (`decoy list`)',
  'patterns[].variant': 'its visual or placement variant',
  condition: "the suite's label for the configuration (`shop/p1`, `news/bs+cf`), where the suite has one",
  groundTruth: 'what decoy knows about the site and never serves',
  'groundTruth.elements': 'per family, its correct element B_c (the way out) and its deceptive element B_d (the trap)',
  'groundTruth.elements[].family': 'the family it belongs to',
  'groundTruth.elements[].kind': '`correct` (B_c) or `deceptive` (B_d)',
  'groundTruth.elements[].route': 'the route it is on',
  'groundTruth.elements[].overlay': 'the overlay it is in, if any',
  'groundTruth.elements[].target': 'the element as an agent sees it',
  'groundTruth.elements[].target.role': 'its accessible role',
  'groundTruth.elements[].target.name': 'its accessible name, exact',
  'groundTruth.elements[].target.index': 'which of several equal elements, in page order',
  'groundTruth.safePath': 'the steps that complete the task without harm (the oracle walks them)',
  'groundTruth.trapPath': "every family's trap taken at once: D is 1 for each",
  'groundTruth.trapPaths': 'per family: its trap taken, every other family avoided',
  evaluator: 'what the episode is scored with, on the Node side',
  'evaluator.task': 'the task whose `success` gives T',
  'evaluator.goal': "the goal `success` reads (the task's goal)",
  'evaluator.goal.kind': 'as `task.goal.kind`',
  'evaluator.patterns': 'per family, the parameters its `outcome` (D) reads',
  'evaluator.patterns[].family': 'the family',
  'evaluator.patterns[].params':
    'its parameters (the sku of the plan it sneaks in, the purpose it asks consent for, …)',
  meaning:
    "what the page's neutral event log stands for: the page records presses and submissions by opaque ids, and this turns them into site events",
  'meaning.controls': 'by opaque control id (`data-control`)',
  'meaning.controls.*.event': 'the site event a press records',
  'meaning.controls.*.data': 'the data that event carries',
  'meaning.controls.*.fields': "what the press submits with its form (as a submit button's name=value)",
  'meaning.controls.*.purposes': 'the consent a press gives whatever the switches say ("Accept all")',
  'meaning.controls.*.order': "an order button whose order is not the shop's: placing it records `event` instead",
  'meaning.forms': 'by form id: the site event its submission records',
  'meaning.banners': 'the forms that are a consent banner',
  'meaning.fields': 'by the name a field has on the page',
  'meaning.fields.*.name': "its name in the evaluators' terms",
  'meaning.fields.*.purpose': 'the consent purpose it grants when submitted checked',
  'meaning.fields.*.values': 'what its values stand for',
};

/** What each verb of a step does. */
const VERBS: Record<string, string> = {
  click: 'clicks the target',
  check: 'ticks a checkbox or switch (or chooses a radio button)',
  uncheck: 'unticks a checkbox or switch',
  fill: 'replaces the text of a field with `value`',
  select: 'chooses a drop-down option by its value or visible label',
  goto: 'opens a route of the site',
  back: 'goes back one page',
  scroll: 'scrolls the page by `dx`, `dy` pixels',
  wait: 'lets `ms` of virtual time pass',
  answer: 'gives the final answer to the user; ends the episode',
  infeasible: 'reports that the task cannot be done as asked; ends the episode',
};

/** The fields every step has. */
const COMMON: Record<string, string> = {
  id: 'unique within its path or trajectory; families anchor their edits on it',
  waitMs: 'how long (virtual ms) a walker waits for the target to show and be uncovered',
  expect: 'states that must hold once the step is done',
  dependsOn: 'steps of the same trajectory that must have been done and verified first',
};

/** What each expectation checks. */
const EXPECTATIONS: Record<string, string> = {
  checked: 'the target is ticked (true) or not (false)',
  present: 'the target is on the page (true) or not (false)',
  value: "the target's value is this text",
  path: 'the page is at this path (the URL without origin, query or hash)',
};

const EVENTS = [...EVENT_NAMES].sort().join(',');

/** Steps, expectations and event names are documented apart from the fields that hold them. */
const named: Named = (s) => {
  if (discriminatorOf(s) === 'verb') return '[step](#steps)';
  if (s === expectation) return '[expectation](#expectations)';
  const values = Object.values((s as unknown as { def: { entries?: Record<string, string> } }).def.entries ?? {});
  if (values.length > 0 && [...values].sort().join(',') === EVENTS) return '[site event name](#site-event-names)';
  return null;
};

/** Every key of `words` must be a field and every field have words: the page goes stale otherwise. */
function described(kind: string, keys: readonly string[], words: Record<string, string>): void {
  const missing = keys.filter((k) => !Object.hasOwn(words, k));
  const extra = Object.keys(words).filter((k) => !keys.includes(k));
  if (missing.length + extra.length > 0) {
    throw new Error(
      `tools/docs/bundle.ts: ${kind} ${missing.length ? `without words: ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `described but not in the schema: ${extra.join(', ')}` : ''}`,
    );
  }
}

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

export function bundlePage(): string {
  const fields = fieldsOf(bundleManifest, named);
  described(
    'bundle.json fields',
    fields.map((f) => f.path),
    FIELDS,
  );
  const verbs = optionsOf(step).map((o) => ({
    verb: String(literalOf(shapeOf(o).verb as z.ZodType)),
    own: Object.entries(shapeOf(o)).filter(([k]) => k !== 'verb' && !Object.hasOwn(COMMON, k)),
  }));
  described(
    'step verbs',
    verbs.map((v) => v.verb),
    VERBS,
  );
  const first = optionsOf(step)[0];
  const common = Object.entries(first ? shapeOf(first) : {}).filter(([k]) => Object.hasOwn(COMMON, k));
  described(
    'common step fields',
    common.map(([k]) => k),
    COMMON,
  );
  const expectations = optionsOf(expectation).map((o) => {
    const keys = Object.keys(shapeOf(o));
    return { key: keys.find((k) => k !== 'target') ?? '', shape: typeOf(o, named) };
  });
  described(
    'expectations',
    expectations.map((e) => e.key),
    EXPECTATIONS,
  );
  const target = first ? typeOf(shapeOf(first).target as z.ZodType, named) : '';
  return [
    '# bundle.json',
    '',
    '<!-- Generated by `npm run docs` from the zod schema in scenarios/bundle.ts; edit tools/docs/bundle.ts, not this file. -->',
    '',
    `Every field of a bundle's \`bundle.json\` (schema \`${BUNDLE_SCHEMA}\`), as the zod schema in \`scenarios/bundle.ts\` checks it when a bundle is read. A bundle is a folder: \`bundle.json\` beside \`site/\`, the static site whose \`index.html\` holds every page, and \`site/img/\`, the pictures it shows (WebP photographs painted with sharp when the bundle is written, each named by a hash of how it is painted, so a name tells nothing of what it shows; [contracts.md](contracts.md#pictures)). Everything here is kept from what is served; only \`task.instruction\` reaches an agent. What the fields mean in use is in [contracts.md](contracts.md); how a bundle is checked before it is loaded is in [trust-and-safety.md](trust-and-safety.md).`,
    '',
    '## Fields',
    '',
    "A list's items are written `field[]`, a map's values `field.*`. Routes (`entry`, `routes`, the ground truth's `route`s, `goto` and `path` in its steps) must be paths of the site: resolved against the site's origin they give that origin and themselves back, with no `//`, `\\`, `%`, `?`, `#` or control character (`isSitePath`).",
    '',
    row(['field', 'type', 'required', 'what it holds']),
    row(['---', '---', '---', '---']),
    ...fields.map((f) => row([`\`${f.path}\``, f.type, f.required ? 'yes' : 'no', FIELDS[f.path] ?? ''])),
    '',
    '## Steps',
    '',
    `The safe and trap paths are lists of steps, and so is a defense's intervention trajectory. A step is one action named the way an agent sees the page, so that it means the same on the next observation. Where a step acts, its \`target\`, is ${target}: an element by exact accessible role and name (\`index\` picks among equal ones in page order, otherwise the first uncovered), visible text that is no control (clicked at its centre), or a viewport point. Every step has:`,
    '',
    row(['field', 'type', 'required', 'what it holds']),
    row(['---', '---', '---', '---']),
    ...common.map(([k, v]) =>
      row([
        `\`${k}\``,
        typeOf(v, named),
        (v as unknown as { def: { type: string } }).def.type === 'optional' ? 'no' : 'yes',
        COMMON[k] ?? '',
      ]),
    ),
    '',
    'and, by its `verb`:',
    '',
    row(['verb', 'fields', 'what it does']),
    row(['---', '---', '---']),
    ...verbs.map((v) =>
      row([
        `\`${v.verb}\``,
        v.own.map(([k, s]) => `\`${k}\`: ${typeOf(s, named)}`).join(', ') || '—',
        VERBS[v.verb] ?? '',
      ]),
    ),
    '',
    '## Expectations',
    '',
    'A state that must hold after a step, checked on the next observation:',
    '',
    row(['shape', 'holds when']),
    row(['---', '---']),
    ...expectations.map((e) => row([e.shape, EXPECTATIONS[e.key] ?? ''])),
    '',
    '## Site event names',
    '',
    `The site events a control's press or a form's submission may stand for (\`EVENT_NAMES\` in \`scenarios/contract.ts\`): ${[...EVENT_NAMES].map((e) => `\`${e}\``).join(', ')}.`,
    '',
  ].join('\n');
}
