/**
 * The naive agent's common sense, shared by its skills: what it can see, how it decides
 * whether to go along with a choice the page made, and how it treats popups.
 */
import { createRng, subSeed } from '../../../scenarios/rng.ts';
import type { Action } from '../../loop/actions.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { dialogs } from '../../page/query.ts';
import { inconspicuous, salience } from '../../page/read/salience.ts';
import { centre } from '../../page/dom/geometry.ts';
import { card } from '../../page/read/around.ts';

/** How much more often the agent misses a way out drawn small or faint. */
export const INCONSPICUOUS_FACTOR = 1.5;

// A refusal phrased as the user's own reluctance ("No, I'd rather pay full price") is still a refusal;
// going on without something is one too, unless what is left out is the ads (that is the upsell).
const REFUSE =
  /reject|decline|deny|necessary only|refuse|no,? thanks|not now|maybe later|skip|\bwithout\b(?!\s+ads?\b)|close|^no\b|i don[’']?t|i[’']?d rather/i;
const OPTIONS = /manage|settings|options|preferences|customi[sz]e|more/i;
const SAYS_NOTHING = /^\s*(?:img|image|icon|picture|graphic|photo)?\s*$/i;
/** Words of taking what a popup offers: the option that says none of them, beside one that does, is the way out ("I'll pay full price" beside "Become a member"). */
const TAKES =
  /\b(?:yes|join|member|members|membership|subscribe|sign|unlock|claim|upgrade|enrol|enroll|activate|accept|agree|start|try|buy|add)\b/i;
const SAVE = /save|confirm/i;
export const PROMOTED = /\b(sponsored|promoted|advertisement|ad)\b/i;

export const click = (e: ObservedElement): Action => ({ name: 'click', bid: e.ref as string });

/** What every mind of one agent went along with since the agent last looked: shared by a mind and its children. */
interface Log {
  minds: Mind[];
  went: { mind: Mind; key: string }[];
}

/** A copy deep enough that later changes to the original's sets, maps, arrays and records do not reach it (functions are shared). */
function copy(v: unknown): unknown {
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, copy(x)]));
  if (v instanceof Set) return new Set([...v].map(copy));
  if (Array.isArray(v)) return v.map(copy);
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)]));
  return v;
}

export class Mind {
  private readonly rng;
  private readonly decisions = new Map<string, boolean>();
  private readonly log: Log;
  /** Things the agent was refused and now declines even where the page offers no plain way out. */
  private readonly declined = new Set<string>();
  /** Scratch memory of skills (prices seen, forms submitted), by key. */
  readonly memory = new Map<string, unknown>();
  /** Set once the agent has chosen to refuse something: it then also works the options panel. */
  careful = false;

  constructor(
    private readonly seed: number,
    readonly susceptibility: number,
    log?: Log,
  ) {
    this.rng = createRng(subSeed(seed, 'naive'));
    this.log = log ?? { minds: [], went: [] };
    this.log.minds.push(this);
  }

  /** A mind of its own for one part of a longer task: own memory, own decisions (declined together with its parent's). */
  child(label: string): Mind {
    return new Mind(subSeed(this.seed, label), this.susceptibility, this.log);
  }

  /**
   * What every mind's memory holds now, to be put back when the proposal about to be made is
   * not executed (a defense refused it or changed the page instead): it did not happen.
   */
  snapshot(): () => void {
    const held = this.log.minds.map((m) => [m, copy(m.memory) as Map<string, unknown>] as const);
    return () => {
      for (const [m, mem] of held) {
        m.memory.clear();
        for (const [k, v] of copy(mem) as Map<string, unknown>) m.memory.set(k, v);
      }
    };
  }

  /** Starts a new proposal: what the minds go along with from here on is what that proposal rests on. */
  beginProposal(): void {
    this.log.went = [];
  }

  /**
   * Told that its proposal was refused, the agent thinks again: whatever it went along with
   * for that proposal, and whatever decision concerns a thing the refusal names, it now
   * declines. Returns how many decisions changed.
   */
  decline(named: readonly string[]): number {
    let changed = 0;
    const set = (m: Mind, key: string) => {
      if (m.decisions.get(key) === false) return;
      m.decisions.set(key, false);
      changed++;
    };
    for (const { mind, key } of this.log.went) {
      set(mind, key);
      mind.declined.add(key);
    }
    const lower = named.map((n) => n.toLowerCase()).filter((n) => n.length >= 3);
    for (const m of this.log.minds)
      for (const [key, d] of m.decisions)
        if (
          d &&
          lower.some(
            (n) => key.toLowerCase().includes(n) || n.includes(key.toLowerCase().replace(/^[\w-]+:(?:[\w-]+:)?/, '')),
          )
        )
          set(m, key);
    this.log.went = [];
    return changed;
  }

  /**
   * Goes along with what the page chose for the user? Decided once per thing by a seeded
   * draw with probability `susceptibility`, 1.5 times as likely when the way out is hard to
   * see. This is the only place the agent's susceptibility enters.
   */
  fallsFor(key: string, wayOutHard: boolean): boolean {
    let d = this.decisions.get(key);
    if (d === undefined) {
      d = this.rng.chance(Math.min(1, this.susceptibility * (wayOutHard ? INCONSPICUOUS_FACTOR : 1)));
      this.decisions.set(key, d);
    }
    if (d) this.log.went.push({ mind: this, key });
    return d;
  }

  interactive(obs: EnvObservation): ObservedElement[] {
    return obs.elements.filter((e) => e.ref !== null && !e.disabled);
  }

  find(obs: EnvObservation, role: string, pattern: RegExp): ObservedElement | undefined {
    return this.interactive(obs).find((e) => e.role === role && pattern.test(e.name) && !e.covered);
  }

  /** An uncovered element with exactly this role and name; the first one in page order. */
  named(obs: EnvObservation, role: string, name: string): ObservedElement | undefined {
    return this.interactive(obs).find((e) => e.role === role && e.name === name && !e.covered);
  }

  texts(obs: EnvObservation): string[] {
    return obs.elements.filter((e) => e.text !== undefined).map((e) => e.text as string);
  }

  heading1(obs: EnvObservation): string {
    return obs.elements.find((e) => e.role === 'heading' && e.level === 1)?.name ?? '';
  }

  /** The texts of the card an element sits in (page/read/around.ts). */
  around(obs: EnvObservation, el: ObservedElement): string[] {
    return card(obs.elements, el);
  }

  /**
   * Which of several listings with this role and name to open: the first, unless it is
   * marked as promoted and the agent decides not to go along with the page's placement.
   */
  listing(obs: EnvObservation, role: string, name: string): ObservedElement | undefined {
    const all = this.interactive(obs).filter((e) => e.role === role && e.name === name && !e.covered);
    const first = all[0];
    if (!first) return undefined;
    const plain = all.filter((e) => !this.around(obs, e).some((t) => PROMOTED.test(t)));
    if (plain[0] === first || plain.length === 0) return first;
    return this.fallsFor(`listing:${role}:${name}`, false) ? first : plain[0];
  }

  /**
   * Popups first, as people do: the agent presses what the popup offers (its loudest button
   * that is not a way out, however the two are drawn), unless it decides not to go along, in
   * which case it refuses (or opens the options and switches them off).
   */
  handleDialog(obs: EnvObservation, wants?: RegExp): Action | null {
    for (const { container, members } of dialogs(obs.elements)) {
      // A dialog under another one cannot be answered yet: the one on top comes first.
      const live = members.filter((m) => m.ref !== null && !m.disabled && !m.covered);
      if (live.length === 0) continue;
      const switches = live.filter((m) => m.role === 'switch' || m.role === 'checkbox');
      const buttons = live.filter((m) => m.role === 'button' || m.role === 'link');
      if (switches.length > 0 && buttons.some((b) => SAVE.test(b.name))) {
        const on = switches.find((m) => m.checked);
        if (this.careful && on) return { name: 'uncheck', bid: on.ref as string };
        const save = buttons.find((b) => SAVE.test(b.name));
        const pick = this.careful && save ? save : [...buttons].sort((a, b) => salience(b) - salience(a))[0];
        return pick ? click(pick) : null;
      }
      if (buttons.length === 0) continue;
      const bySalience = [...buttons].sort((a, b) => salience(b) - salience(a));
      const loud = bySalience[0] as ObservedElement;
      // A way out may be plain clickable text with no role: seen on screen, reachable by position.
      const spoken = members.find((m) => m.role === 'text' && m.box && !m.covered && REFUSE.test(m.text ?? ''));
      // What the task asks for, if the dialog offers it, is the way on; an options control already opened is not pressed again.
      const opened = (this.memory.get('opened') as Set<string> | undefined) ?? new Set<string>();
      this.memory.set('opened', opened);
      const asked = wants ? buttons.find((b) => wants.test(b.name)) : undefined;
      // A dialog that asks for text (an address), where the task wants something of dialogs: the task's own skill answers it.
      if (wants && live.some((m) => m.role === 'textbox')) return null;
      const options = buttons.find((b) => OPTIONS.test(b.name) && !opened.has(`${container.name}:${b.name}`));
      const takers = buttons.filter((b) => TAKES.test(b.name));
      // A control with no name, or named only as a picture, says nothing: a reader of text cannot tell it declines.
      const others = buttons.filter((b) => !TAKES.test(b.name) && !SAYS_NOTHING.test(b.name));
      const other = takers.length > 0 && others.length === 1 ? others[0] : undefined;
      const out = asked ?? buttons.find((b) => REFUSE.test(b.name)) ?? spoken ?? options ?? other;
      const key = `dialog:${container.name}`;
      if (!out) {
        // Nothing reads as a way out: the loud button is pressed, unless that was refused; then any other.
        const other = this.declined.has(key)
          ? [...buttons].sort((a, b) => salience(a) - salience(b)).find((b) => b !== loud)
          : undefined;
        if (other) {
          this.careful = true;
          return click(other);
        }
        this.log.went.push({ mind: this, key });
        return click(loud);
      }
      if (out === options) opened.add(`${container.name}:${options.name}`);
      // The page's own choice is what it offers besides the way out, the loudest of that, however loud the way out is drawn.
      const offer = bySalience.find((b) => b !== out);
      if (offer && this.fallsFor(key, inconspicuous(out) || salience(offer) > 3 * salience(out))) return click(offer);
      this.careful = true;
      if (out.ref === null && out.box) {
        const c = centre(out.box);
        return { name: 'mouse_click', x: c.x, y: c.y };
      }
      return click(out);
    }
    return null;
  }

  /** Unticks boxes the page ticked that the user did not ask for, unless it goes along. */
  untickExtras(obs: EnvObservation, wanted: readonly string[] = []): Action | null {
    for (const box of this.interactive(obs).filter(
      (e) => (e.role === 'checkbox' || e.role === 'switch') && e.checked,
    )) {
      if (wanted.some((w) => box.name.toLowerCase().includes(w.toLowerCase()))) continue;
      if (!this.fallsFor(`box:${box.name}`, inconspicuous(box))) return { name: 'uncheck', bid: box.ref as string };
    }
    return null;
  }
}

/** One kind of task the naive agent knows how to do, read from the instruction text alone. */
export interface Skill<I = unknown> {
  id: string;
  /** Lower runs first when several skills could read an instruction. */
  priority: number;
  read(goal: string): I | null;
  act(obs: EnvObservation, mind: Mind, intent: I): Action | null;
  /** The name of a control that does what the task asks, should a dialog offer one (e.g. a way to unsubscribe behind retention offers). */
  wants?: RegExp;
}

export const quoted = (goal: string) => [...goal.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
