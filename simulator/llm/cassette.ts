/**
 * A cassette: every chat request of a run with its response, so that the run can be played
 * again with no endpoint. One JSON object a line (docs/llm.md): a header line, then one line a
 * call, in the order run, episode, party, call. Lines can be read, diffed and merged by hand
 * (`cat a.jsonl b.jsonl`): where two lines are the same call of the same episode, the later
 * one is kept. Nothing in it comes from the request's headers, so it never holds a key.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { clip, UserError, quote } from '../../lib/errors.ts';
import { appendLine, writeFileAtomic } from '../../lib/files.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { requestKey, type ChatRequest } from './chat.ts';

/** The first line of every cassette: what the file is, so that another JSONL file is refused by name. */
export const CASSETTE_HEADER = { decoy: 'cassette', version: 1 } as const;

/** One recorded call. */
export interface Take {
  /** requestKey(request). */
  key: string;
  /** The run's agent and defense ("openai + gate-llm"): a comparison plays each episode once per defense. */
  run: string;
  /** The episode's scenario id. */
  episode: string;
  party: 'agent' | 'defense';
  /** The turn the call was made in. */
  step: number;
  /** The call's place among its party's calls in the episode, from 0. */
  call: number;
  request: ChatRequest;
  /** The endpoint's response body, as it came. */
  response: unknown;
  /** How long the endpoint took to answer, as measured when recorded. */
  latencyMs: number;
}

const slot = (t: Pick<Take, 'run' | 'episode' | 'party' | 'call'>) =>
  `${t.run}\u0000${t.episode}\u0000${t.party}\u0000${t.call}`;
const episodeOf = (t: Pick<Take, 'run' | 'episode'>) => `${t.run}\u0000${t.episode}`;

function readTake(file: string, line: string, n: number): Take | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    throw new UserError(`cassette ${clip(file)}, line ${n}: not JSON`);
  }
  const o = v as Record<string, unknown>;
  if (o && o.decoy === CASSETTE_HEADER.decoy) {
    if (o.version !== CASSETTE_HEADER.version)
      throw new UserError(
        `cassette ${clip(file)}, line ${n}: version ${clip(String(o.version))}, this decoy reads version 1`,
      );
    return null;
  }
  const ok =
    o &&
    typeof o.key === 'string' &&
    typeof o.run === 'string' &&
    typeof o.episode === 'string' &&
    (o.party === 'agent' || o.party === 'defense') &&
    Number.isInteger(o.step) &&
    Number.isInteger(o.call) &&
    o.request &&
    typeof o.request === 'object' &&
    typeof o.latencyMs === 'number' &&
    'response' in o;
  if (!ok)
    throw new UserError(
      `cassette ${clip(file)}, line ${n}: not a recorded call (key, run, episode, party, step, call, request, response, latencyMs)`,
    );
  const take = o as unknown as Take;
  // A hand-edited request is filed under what it now says, so that it is replayed for that.
  return { ...take, key: requestKey(take.request) };
}

export class Cassette {
  /** Every take by its slot; a later line for the same slot replaces the earlier. */
  private readonly takes = new Map<string, Take>();
  /** Slots recorded in this run (appended as they come, kept when the file is written whole). */
  private readonly fresh = new Set<string>();
  /** Episodes recorded anew in this run: their earlier takes are dropped when the file is written. */
  private readonly rerecorded = new Set<string>();

  constructor(readonly file: string) {
    if (!existsSync(file)) {
      // The folder it goes in is made now: a recording must not fail after the calls were paid for.
      mkdirSync(dirname(file), { recursive: true });
      return;
    }
    if (statSync(file).isDirectory()) throw new UserError(`--cassette ${clip(file)} is a folder; name a .jsonl file`);
    const text = readFileSync(file, 'utf8');
    // A last line without its newline was cut short by a kill while recording: it is left out, as in episodes.jsonl.
    const lines =
      text.endsWith('\n') || !text.includes('\n')
        ? text.split('\n')
        : text.slice(0, text.lastIndexOf('\n')).split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const take = readTake(file, line, i + 1);
      if (take) this.takes.set(slot(take), take);
    });
    if (this.takes.size === 0 && lines.some((l) => l.trim() !== '') && !lines[0]?.includes('"cassette"'))
      throw new UserError(`${clip(file)} is not a cassette (its first line is not the cassette header)`);
  }

  get size(): number {
    return this.takes.size;
  }

  /**
   * The take for this call: the one recorded at the same place of the same episode with the
   * same request, else (a run that asks the same thing elsewhere) any take of the same request.
   */
  find(at: Pick<Take, 'run' | 'episode' | 'party' | 'call'>, key: string): Take | null {
    const here = this.takes.get(slot(at));
    if (here && here.key === key && !this.rerecorded.has(episodeOf(at))) return here;
    // Only what the file held: a take another episode records meanwhile would make the answer depend on timing.
    for (const [s, t] of this.takes)
      if (t.key === key && !this.fresh.has(s) && !this.rerecorded.has(episodeOf(t))) return t;
    return null;
  }

  /** What was recorded at this place of this episode, to say how a request that missed differs. */
  at(at: Pick<Take, 'run' | 'episode' | 'party' | 'call'>): Take | null {
    return this.takes.get(slot(at)) ?? null;
  }

  /** Records a take, on disk at once (a run that is killed keeps what it paid for). */
  add(take: Take, episodeAnew: boolean): void {
    const episode = episodeOf(take);
    if (episodeAnew && !this.rerecorded.has(episode)) {
      this.rerecorded.add(episode);
      for (const [k, t] of this.takes) if (episodeOf(t) === episode && !this.fresh.has(k)) this.takes.delete(k);
    }
    const s = slot(take);
    this.takes.set(s, take);
    this.fresh.add(s);
    if (!existsSync(this.file)) appendLine(this.file, JSON.stringify(CASSETTE_HEADER));
    appendLine(this.file, lineOf(take));
  }

  /** Writes the file whole, in order (episode, party, call), so that the same run gives the same bytes however its calls interleaved. */
  save(about?: string): void {
    const takes = [...this.takes.values()].sort(
      (a, b) => cmp(a.run, b.run) || cmp(a.episode, b.episode) || cmp(a.party, b.party) || a.call - b.call,
    );
    const head = JSON.stringify({ ...CASSETTE_HEADER, ...(about ? { about } : {}) });
    writeFileAtomic(this.file, [head, ...takes.map(lineOf)].join('\n') + '\n');
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A take as its line: fields in a fixed order, the request with its keys sorted. */
function lineOf(t: Take): string {
  return `{"key":${JSON.stringify(t.key)},"run":${JSON.stringify(t.run)},"episode":${JSON.stringify(t.episode)},"party":${JSON.stringify(t.party)},"step":${t.step},"call":${t.call},"latencyMs":${t.latencyMs},"request":${canonicalJson(t.request)},"response":${canonicalJson(t.response)}}`;
}

/** Where two requests first differ, as a path and the two values cut short ("messages.1.content: '…' vs '…'"). */
export function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        path ? `${path}.${k}` : k,
      );
      if (d) return d;
    }
  }
  const show = (v: unknown) =>
    v === undefined ? 'nothing' : quote(typeof v === 'string' ? differingPart(v, a, b) : JSON.stringify(v), 50);
  return `${path || 'the request'}: ${show(b)} where the cassette has ${show(a)}`;
}

/** A long text from where two texts first differ, so that the difference shows in a short quote. */
function differingPart(v: string, a: unknown, b: unknown): string {
  if (typeof a !== 'string' || typeof b !== 'string') return v;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 10);
  return (from > 0 ? '…' : '') + v.slice(from);
}
