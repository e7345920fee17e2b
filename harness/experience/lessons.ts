/**
 * Lessons as the gate reads them (simulator/defenses/gate.ts, `--defense-opt lessons=`):
 * `deceptive: <phrase>` or `legitimate: <phrase>`, one a line in a .txt file, `#` comments.
 * The gate's own reader is private to the defenses; this side only writes what it reads.
 */
export interface Lesson {
  kind: 'deceptive' | 'legitimate';
  phrase: string;
}

/**
 * A phrase as a lesson can hold it: lower case (the gate matches lower-cased text), one line,
 * no `;` (the gate splits inline lessons on it), single spaces.
 */
export const phraseOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[;\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const lessonLine = (l: Lesson): string => `${l.kind}: ${l.phrase}`;

/** The same lessons once each, in the order first given; empty phrases dropped. */
export function distinct(lessons: readonly Lesson[]): Lesson[] {
  const seen = new Set<string>();
  const out: Lesson[] = [];
  for (const l of lessons) {
    const lesson = { kind: l.kind, phrase: phraseOf(l.phrase) };
    if (lesson.phrase === '' || seen.has(lessonLine(lesson))) continue;
    seen.add(lessonLine(lesson));
    out.push(lesson);
  }
  return out;
}

/** A lessons file: comment lines saying where it came from, then one lesson a line. */
export const lessonsFile = (lessons: readonly Lesson[], about: readonly string[]): string =>
  [...about.map((a) => `# ${a}`), ...lessons.map(lessonLine)].join('\n') + '\n';

/** Lessons inline, as `--defense-opt lessons=` takes them without a file. */
export const inlineLessons = (lessons: readonly Lesson[]): string => lessons.map(lessonLine).join('; ');
