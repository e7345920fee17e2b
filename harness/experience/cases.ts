/**
 * A training click as a summarizer sees it (summarizer.ts Case): read from the sample's page
 * state the way a defense reads it, with the click's label and the defense's verdict. The
 * sample's id, scenario and category stay behind: they name the pattern family.
 */
import { card, finePrint } from '../../simulator/page/read/around.ts';
import { targetOf } from '../../simulator/loop/target.ts';
import type { Reached } from './corpus.ts';
import type { ClickVerdict } from './judge.ts';
import type { Case } from './summarizer.ts';

/** Most characters of text around a target a case carries: a card can be a whole dialog. */
const AROUND_CHARS = 600;

export function caseOf(id: string, r: Reached, index: number, verdict: ClickVerdict, kappa?: number): Case {
  if ('error' in r.state) throw new Error(`${r.sample.id}: a sample whose state was not reached has no cases`);
  const { obs } = r.state;
  const click = r.sample.clicks[index];
  if (!click) throw new Error(`${r.sample.id} has no click ${index}`);
  const target = targetOf(obs, { name: 'mouse_click', x: click.x, y: click.y });
  const around: string[] = [];
  let left = AROUND_CHARS;
  if (target) {
    const own = `${target.name} ${target.text ?? ''}`.trim();
    for (const t of [...card(obs.elements, target), ...finePrint(obs.elements, target)]) {
      const text = t.trim();
      if (text === '' || text === own || around.includes(text) || left <= 0) continue;
      around.push(text.slice(0, left));
      left -= text.length;
    }
  }
  return {
    id,
    task: obs.goal,
    url: obs.url,
    title: obs.title,
    click: { x: click.x, y: click.y },
    target: target
      ? { role: target.role, name: target.name, ...(target.text !== undefined ? { text: target.text } : {}) }
      : null,
    around,
    label: click.label,
    judged: {
      label: verdict.judged.kind === 'label' ? verdict.judged.label : null,
      reason: verdict.reason ?? (verdict.judged.kind === 'label' ? '' : verdict.judged.reason),
    },
    ...(kappa !== undefined ? { kappa } : {}),
  };
}
