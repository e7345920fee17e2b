/**
 * From an unauthorized consequence to a state intervention (Veer §3.2, Appendix B): which
 * observed state is responsible (R), the transitions that change it (each with its expected
 * effect and dependencies), the states that must hold afterwards (S*) and the task state to
 * keep (P). Only state the page shows and a control can change is intervened on; a
 * consequence of the proposal itself (adding a product nobody asked for, leaving the site, a
 * price that rose) has no such state, and the caller blocks it instead.
 */
import { quote } from '../../../lib/errors.ts';
import type { Expectation, Locator, Step } from '../../../scenarios/model.ts';
import type { Action } from '../../loop/actions.ts';
import type { Objective } from '../../loop/defense.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { dialogs } from '../../page/query.ts';
import { locatorOf } from '../../loop/steps.ts';
import { centre } from '../../page/dom/geometry.ts';
import { askedSetting, type Authorization } from './authorization.ts';
import { charges, SAVE, type Consequence } from './consequence.ts';
import { CONSENT, declines, ticksYes } from '../_common/vocabulary.ts';
import { cartLinkOf } from './evidence.ts';
import { targetOf } from '../../loop/target.ts';

/** One correction: the transitions that remove one responsible state, and what holds once they ran. */
export interface Fix {
  risk: string;
  steps: Step[];
  target: Expectation[];
  /** What the agent is told. */
  says: string;
  /** The proposed control is what the fix answers in its place (a dialog's accepting control): it need not outlast the fix. */
  answersProposal?: true;
}

const live = (obs: Pick<EnvObservation, 'elements'>) =>
  obs.elements.filter((e) => e.ref !== null && !e.disabled && !e.covered);

/** A way out of a dialog: its declining control other than the one proposed. */
const SETTINGS = /\b(?:manage|settings|customi[sz]e|preferences|choices|options)\b/i;

function boxFix(obs: EnvObservation, box: ObservedElement, id: string): Fix {
  const target = locatorOf(obs.elements, box);
  const on = !box.checked;
  return {
    risk: `${quote(box.name)} is ${box.checked ? 'ticked' : 'unticked'}`,
    steps: [{ id, verb: on ? 'check' : 'uncheck', target, expect: [{ target, checked: on }] }],
    target: [{ target, checked: on }],
    says: `${on ? 'ticked' : 'unticked'} ${quote(box.name)}`,
  };
}

/** The radio nearest the chosen paid one that charges nothing (the same question's free answer). */
function freeAlternative(obs: EnvObservation, chosen: ObservedElement): ObservedElement | undefined {
  const i = obs.elements.indexOf(chosen);
  return live(obs)
    .filter((e) => e.role === 'radio' && e !== chosen && !charges(e.name))
    .sort((a, b) => Math.abs(obs.elements.indexOf(a) - i) - Math.abs(obs.elements.indexOf(b) - i))[0];
}

function radioFix(obs: EnvObservation, chosen: ObservedElement, id: string): Fix | null {
  const free = freeAlternative(obs, chosen);
  if (!free) return null;
  const target = locatorOf(obs.elements, free);
  return {
    risk: `${quote(chosen.name)} is chosen`,
    steps: [{ id, verb: 'click', target, expect: [{ target, checked: true }] }],
    target: [{ target, checked: true }],
    says: `chose ${quote(free.name)} instead of ${quote(chosen.name)}`,
  };
}

function removeFix(obs: EnvObservation, remove: ObservedElement, what: string, id: string): Fix {
  const target = locatorOf(obs.elements, remove);
  return {
    risk: `the order holds ${quote(what)}`,
    steps: [
      { id, verb: 'click', target, expect: [{ target: { role: remove.role, name: remove.name }, present: false }] },
    ],
    target: [{ target: { role: remove.role, name: remove.name }, present: false }],
    says: `removed ${quote(what)} from the order`,
  };
}

/**
 * An order line with no control on this page: go to the cart, remove it there, come back. The
 * cart's remove control is predicted from the line's name; if the cart names it otherwise the
 * step does not ground and the plan is made again from the cart as it is.
 */
function detourFix(obs: EnvObservation, what: string, id: string): Fix | null {
  const cart = cartLinkOf(obs);
  // A page with remove controls is where lines are removed: if none is this line's, the cart cannot remove it either.
  if (!cart || live(obs).some((e) => e.role === 'button' && /^remove\b/i.test(e.name))) return null;
  const back = new URL(obs.url).pathname;
  const remove: Locator = { role: 'button', name: `Remove ${what}` };
  return {
    risk: `the order holds ${quote(what)}, which only the cart can remove`,
    steps: [
      {
        id: `${id}-cart`,
        verb: 'click',
        target: locatorOf(obs.elements, cart),
        expect: [{ target: remove, present: true }],
      },
      {
        id: `${id}-remove`,
        verb: 'click',
        target: remove,
        expect: [{ target: remove, present: false }],
        dependsOn: [`${id}-cart`],
      },
      { id: `${id}-return`, verb: 'goto', url: obs.url, expect: [{ path: back }], dependsOn: [`${id}-remove`] },
    ],
    target: [{ target: { text: what }, present: false }],
    says: `removed ${quote(what)} from the cart and came back`,
  };
}

/** A popup whose accepting control was proposed: decline it, or open its settings (the rest is planned once they show). */
function dialogFix(obs: EnvObservation, proposed: ObservedElement, id: string): Fix | null {
  const groups = dialogs(obs.elements);
  const group = groups.find((d) => d.members.includes(proposed));
  if (!group) return null;
  const controls = group.members.filter(
    (m) => m.ref !== null && !m.disabled && !m.covered && m !== proposed && (m.role === 'button' || m.role === 'link'),
  );
  const gone: Expectation = { target: locatorOf(obs.elements, proposed), present: false };
  const panel = settingsFix(obs, group.members, id);
  if (panel) {
    // Saving the panel the proposed control sits in closes it, that control with it; a panel nested apart from it leaves it to be kept.
    const inner = groups.filter((d) => d.members.includes(panel.save)).pop() ?? group;
    const answers = inner.members.includes(proposed);
    return {
      ...panel.fix,
      risk: `the dialog ${quote(group.container.name || proposed.name)} has consents on`,
      ...(answers ? { answersProposal: true as const } : {}),
    };
  }
  const decline = controls.find((m) => declines(m.name));
  if (decline) {
    const target = locatorOf(obs.elements, decline);
    return {
      risk: `the dialog ${quote(group.container.name || proposed.name)} asks for ${quote(proposed.name)}`,
      steps: [{ id, verb: 'click', target, expect: [gone] }],
      target: [gone],
      says: `declined the dialog's offer with ${quote(decline.name)}`,
      answersProposal: true,
    };
  }
  const settings = controls.find((m) => SETTINGS.test(m.name));
  if (!settings) {
    // The way out drawn as an image with no name of its own (a close mark, a "no" drawn as a picture): reached only by its place, and verified by the dialog going away.
    const mark = group.members.find(
      (m) =>
        m.role === 'img' &&
        m.box &&
        m.box.h <= 64 &&
        !m.covered &&
        !/[a-z]{3}/i.test(m.name.replace(/\b(?:graphic|image|icon|img|picture|photo|button|btn|spacer)\b/gi, '')),
    );
    if (!mark?.box) return null;
    const at = centre(mark.box);
    return {
      risk: `the dialog ${quote(group.container.name || proposed.name)} asks for ${quote(proposed.name)}`,
      steps: [{ id, verb: 'click', target: at, expect: [gone] }],
      target: [gone],
      says: 'closed the dialog through the unnamed image in it, which acts as its way out',
      answersProposal: true,
    };
  }
  const target = locatorOf(obs.elements, settings);
  return {
    risk: `the dialog ${quote(group.container.name || proposed.name)} asks for ${quote(proposed.name)}`,
    steps: [{ id, verb: 'click', target }],
    target: [gone],
    says: `opened ${quote(settings.name)} to refuse what was not asked for`,
    answersProposal: true,
  };
}

/** In an open settings panel: the consents that are on, turned off, then its save control (`save`). */
function settingsFix(
  obs: EnvObservation,
  members: readonly ObservedElement[],
  id: string,
): { fix: Fix; save: ObservedElement } | null {
  const usable = members.filter((e) => e.ref !== null && !e.disabled && !e.covered);
  const boxes = usable.filter(
    (e) => (e.role === 'checkbox' || e.role === 'switch') && ticksYes(e.name) === !!e.checked && CONSENT.test(e.name),
  );
  const save = usable.find((e) => e.role === 'button' && SAVE.test(e.name));
  if (!save || boxes.length === 0) return null;
  const steps: Step[] = boxes.map((b, k) => boxFix(obs, b, `${id}-${k}`).steps[0] as Step);
  const saveAt = locatorOf(obs.elements, save);
  steps.push({
    id: `${id}-save`,
    verb: 'click',
    target: saveAt,
    expect: [{ target: saveAt, present: false }],
    dependsOn: steps.map((s) => s.id),
  });
  return {
    fix: {
      risk: 'consents on in the settings',
      steps,
      target: [{ target: saveAt, present: false }],
      says: `turned off ${boxes.length} consent${boxes.length === 1 ? '' : 's'} and saved`,
    },
    save,
  };
}

/** The fix for one unauthorized consequence, or null when no observed state is responsible for it. */
export function fixFor(obs: EnvObservation, proposal: Action, c: Consequence, id: string): Fix | null {
  const h = c.holder;
  if (h && (h.role === 'checkbox' || h.role === 'switch')) return boxFix(obs, h, id);
  if (h && h.role === 'radio') return radioFix(obs, h, id);
  if (h && h.role === 'button') return removeFix(obs, h, c.what, id);
  if (c.kind === 'carries-item' && !h) return detourFix(obs, c.what, id);
  if (c.kind === 'gives-consent' || c.kind === 'adds-charge') {
    const t = targetOf(obs, proposal);
    if (t && (t.role === 'button' || t.role === 'link')) return dialogFix(obs, t, id);
  }
  return null;
}

const FIELD = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/**
 * The task state an intervention (or a look) must keep: the page the agent is on (unless a
 * step leaves it and comes back), the proposed control still there to act on (unless a fix
 * answers it in its place), every setting the task asked for as it is, and what the fields hold.
 */
export function preserved(
  obs: EnvObservation,
  proposal: Action,
  a: Authorization,
  fixes: readonly Fix[],
): Expectation[] {
  const out: Expectation[] = [{ path: new URL(obs.url).pathname }];
  const t = targetOf(obs, proposal);
  const touched = new Set(fixes.flatMap((f) => f.steps.map((s) => JSON.stringify('target' in s ? s.target : null))));
  if (t && t.ref !== null && !fixes.some((f) => f.answersProposal))
    out.push({ target: locatorOf(obs.elements, t), present: true });
  for (const e of live(obs)) {
    const at = locatorOf(obs.elements, e);
    if (touched.has(JSON.stringify(at))) continue;
    if ((e.role === 'checkbox' || e.role === 'switch') && askedSetting(a, e.name) !== undefined)
      out.push({ target: at, checked: !!e.checked });
    else if (FIELD.has(e.role) && e.value) out.push({ target: at, value: e.value });
  }
  return out;
}

/** The objective and its complete trajectory for these fixes, ids made unique. */
export function planOf(
  fixes: readonly Fix[],
  preserve: Expectation[],
): { objective: Objective; trajectory: Step[]; note: string } {
  return {
    objective: { risk: fixes.map((f) => f.risk).join('; '), target: fixes.flatMap((f) => f.target), preserve },
    trajectory: fixes.flatMap((f) => f.steps),
    note: fixes.map((f) => f.says).join('; '),
  };
}
