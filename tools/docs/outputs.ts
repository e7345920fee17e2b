/**
 * docs/outputs.md's table of an episode record's fields, from episodeRecordSchema
 * (harness/episode-schema.ts): paths and types from the schema, what each holds from its
 * `.describe()`. The rest of the page is written by hand: only what stands between the two
 * markers is made here, and the page is refused while a field has no description.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { episodeRecordSchema } from '../../harness/episode-schema.ts';
import { siteEventSchema } from '../../scenarios/events.ts';
import { assessmentSchema, objectiveSchema } from '../../simulator/loop/defense.ts';
import { discriminatorOf, fieldsOf, literalOf, optionsOf, shapeOf, type Named } from './zod-walk.ts';

const PAGE = 'docs/outputs.md';
export const BEGIN =
  '<!-- The episode fields: written by `npm run docs` from episodeRecordSchema and its .describe() texts (harness/episode-schema.ts). -->';
export const END = '<!-- End of the episode fields. -->';

/** The schemas documented elsewhere, and the episode's end, whose kinds are its type. */
const named: Named = (s) => {
  if (s === objectiveSchema) return '[objective](testing-a-defense.md#what-a-defense-is)';
  if (s === assessmentSchema) return '[assessment](testing-a-defense.md#what-a-defense-is)';
  if (s === siteEventSchema) return '[site event](contracts.md#the-event-log-is-the-backend-truth)';
  if (discriminatorOf(s) !== 'kind') return null;
  return optionsOf(s)
    .map((o) => {
      const [kind, ...rest] = Object.keys(shapeOf(o));
      const tag = `${kind}: ${JSON.stringify(literalOf(shapeOf(o)[kind as string] as z.ZodType))}`;
      return `\`{ ${[tag, ...rest].join(', ')} }\``;
    })
    .join(' \\| ');
};

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** The table's lines, each field a row. */
export function episodeFields(schema: z.ZodType = episodeRecordSchema): string[] {
  const fields = fieldsOf(schema, named);
  const bare = fields.filter((f) => !f.description).map((f) => f.path);
  if (bare.length > 0)
    throw new Error(
      `tools/docs/outputs.ts: episode fields without a .describe() in harness/episode-schema.ts: ${bare.join(', ')}`,
    );
  return [
    row(['field', 'type', 'required', 'what it holds']),
    row(['---', '---', '---', '---']),
    ...fields.map((f) =>
      row([`\`${f.path}\``, f.type, f.required ? 'yes' : 'no', (f.description as string).replace(/\|/g, '\\|')]),
    ),
  ];
}

/** The page as it is, with the table between its markers made anew, indented as the markers are. */
export function outputsPage(
  text = readFileSync(new URL(`../../${PAGE}`, import.meta.url), 'utf8'),
  schema: z.ZodType = episodeRecordSchema,
): string {
  const lines = text.split('\n');
  const begin = lines.findIndex((l) => l.trim() === BEGIN);
  const end = lines.findIndex((l, i) => i > begin && l.trim() === END);
  if (begin < 0 || end < 0) throw new Error(`${PAGE} has lost the markers of its episode fields (${BEGIN} … ${END})`);
  const indent = (lines[begin] as string).slice(0, (lines[begin] as string).indexOf('<'));
  const table = episodeFields(schema).map((l) => indent + l);
  // Blank lines around the table, so that no renderer reads a marker as part of it.
  return [...lines.slice(0, begin + 1), '', ...table, '', ...lines.slice(end)].join('\n');
}
