/**
 * The gate's experience context (DUDE's Stage 2): short lessons distilled from earlier
 * mistakes, applied before the built-in cues. A lesson is `deceptive: <phrase>` (an element
 * whose words, or the text around it that no other control says, show the phrase was
 * deceptive before: block it) or
 * `legitimate: <phrase>` (an element named with the phrase was wrongly blocked before: let it
 * through). Given inline, separated by `;` or new lines, or as a file: `.txt` (one lesson a
 * line, `#` comments) or `.json` (an array of lesson strings or of `{ "kind", "phrase" }`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { clip, UserError, quote } from '../../../lib/errors.ts';

export interface Lesson {
  kind: 'deceptive' | 'legitimate';
  phrase: string;
}

function parseLine(line: string): Lesson {
  const m = /^\s*(deceptive|legitimate)\s*:\s*(.*\S)\s*$/i.exec(line);
  if (!m) throw new UserError(`lessons: ${quote(line.trim())} is not "deceptive: <phrase>" or "legitimate: <phrase>"`);
  return { kind: m[1]!.toLowerCase() as Lesson['kind'], phrase: m[2]!.toLowerCase() };
}

const fromText = (text: string) =>
  text
    .split(/[;\n]/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map(parseLine);

function fromJson(file: string, text: string): Lesson[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UserError(`lessons: ${clip(file)} is not JSON`);
  }
  if (!Array.isArray(data)) throw new UserError(`lessons: ${clip(file)} must hold an array of lessons`);
  return data.map((d) => {
    if (typeof d === 'string') return parseLine(d);
    if (d && typeof d === 'object' && typeof d.kind === 'string' && typeof d.phrase === 'string')
      return parseLine(`${d.kind}: ${d.phrase}`);
    throw new UserError(
      `lessons: ${clip(file)} holds ${quote(JSON.stringify(d))}, not a lesson string or { "kind", "phrase" }`,
    );
  });
}

/** The file a `lessons` value names (a .txt or .json path), or null for lessons given inline. */
export function lessonsFile(value: unknown): string | null {
  return typeof value === 'string' && /\.(json|txt)$/i.test(value.trim()) ? value.trim() : null;
}

/** The lessons a `lessons` option gives: a file of them, or the lessons themselves. */
export function parseLessons(value: unknown): Lesson[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((v) => parseLessons(v));
  if (typeof value !== 'string')
    throw new UserError(`lessons: expected lessons or a file of them, got ${quote(String(value))}`);
  const v = value.trim();
  if (lessonsFile(v) !== null) {
    if (!existsSync(v)) throw new UserError(`lessons: no file ${quote(v)}`);
    const text = readFileSync(v, 'utf8');
    return /\.json$/i.test(v) ? fromJson(v, text) : fromText(text);
  }
  return fromText(v);
}

/** The first lesson of this kind whose phrase occurs in the text. */
export function lessonIn(lessons: readonly Lesson[], kind: Lesson['kind'], text: string): Lesson | null {
  const t = text.toLowerCase();
  return lessons.find((l) => l.kind === kind && t.includes(l.phrase)) ?? null;
}
