/**
 * report.html: one page that opens from disk with no network and no script. Its tables are
 * the same grids as compare.md's (simulator/measure/report/compare.ts), its charts Plot's SVG
 * drawn at build time (charts.ts), and its episode viewer plain details/summary elements, with
 * each configuration's picture (shots/, beside the page) and the points its steps acted on.
 */
import { escapeHtml as esc } from '../../lib/html.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { seedsTable } from '../../simulator/measure/across-seeds.ts';
import { outcomeOf } from '../../simulator/measure/metrics.ts';
import { compareSections, outcomeGrid, type Grid } from '../../simulator/measure/report/compare.ts';
import { noBaselineOf } from './text.ts';
import { dpsrHeatmap, outcomeBars } from './charts.ts';
import type { EpisodeShot } from './shots.ts';
import type { ReportRun, ReportSet } from './sources.ts';

/** The picture of each episode that has one, by run and scenario. */
export type ShotsOf = (run: ReportRun, episode: EpisodeRecord) => EpisodeShot | null;

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 1rem 1.5rem 4rem; color: #111; }
h1 { font-size: 1.6rem; } h2 { border-top: 2px solid #ccc; padding-top: 1rem; margin-top: 2.5rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ddd; padding: .2rem .5rem; text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f4f6; }
table.steps td, table.steps th { text-align: left; font-size: 13px; }
code, .action { font-family: ui-monospace, monospace; font-size: 12.5px; }
details { margin: .25rem 0; } summary { cursor: pointer; }
details.episode > summary { font-family: ui-monospace, monospace; font-size: 13px; }
.safe { color: #15803d; } .harm { color: #b91c1c; } .fail { color: #6b7280; }
.verdict-block, .verdict-terminate, .verdict-invalid { color: #b91c1c; font-weight: 600; }
.verdict-intervene { color: #b45309; font-weight: 600; }
.shot { position: relative; display: inline-block; max-width: 100%; border: 1px solid #ccc; }
.shot img { display: block; max-width: 100%; height: auto; }
.mark { position: absolute; width: 30px; height: 30px; margin: -15px 0 0 -15px; border-radius: 50%;
  border: 4px solid #2563eb; background: rgba(37,99,235,.35); color: #fff; font: 700 12px/22px system-ui;
  text-align: center; text-shadow: 0 0 2px #000; box-sizing: border-box; }
.note { color: #555; }
figure { margin: .5rem 0 1rem; }
`;

function table(g: Grid | string, cls: string): string {
  if (typeof g === 'string') return `<p class="note">${esc(g.replace(/`/g, ''))}</p>`;
  const head = `<tr>${g.head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr>`;
  const rows = g.rows.map(
    (r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`,
  );
  return `<table class="${cls}"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
}

const outcomeClass = (e: EpisodeRecord) =>
  ({ safe: 'safe', taskWithDp: 'harm', failWithDp: 'harm', failNoDp: 'fail', error: 'fail' })[outcomeOf(e)];

function verdictCell(s: EpisodeRecord['steps'][number]): string {
  const v = s.verdict;
  const more = v.feedback ?? v.reason ?? (v.objective ? JSON.stringify(v.objective) : '');
  return `<span class="verdict-${esc(v.kind)}">${esc(v.kind)}</span>${more ? `<br>${esc(more)}` : ''}`;
}

function stepsTable(e: EpisodeRecord): string {
  if (e.steps.length === 0) return '<p class="note">no steps</p>';
  const rows = e.steps.map((s) => {
    const executed = s.executed
      .map((x) => `${esc(x.by)}: <span class="action">${esc(x.action)}</span>${x.error ? ` ✗ ${esc(x.error)}` : ''}`)
      .join('<br>');
    const iv = s.intervention
      ? `${s.intervention.resolved ? 'resolved' : 'unresolved'}, ${s.intervention.replans} replans<br>${esc(s.intervention.detail)}`
      : '';
    const looks = (s.evidence ?? []).map((x) => `look: ${esc(x.claim)} ${x.ok ? '✓' : '✗'}`).join('<br>');
    return `<tr><td>${s.i}</td><td class="action">${esc(s.proposal)}</td><td>${verdictCell(s)}${looks ? `<br>${looks}` : ''}</td><td>${iv}</td><td>${executed}</td><td>${s.error ? esc(s.error) : ''}</td><td class="action">${esc(s.url)}</td></tr>`;
  });
  return `<table class="steps"><thead><tr><th>#</th><th>proposal</th><th>verdict</th><th>intervention</th><th>executed</th><th>error</th><th>page after</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function shotFigure(shot: EpisodeShot): string {
  const marks = shot.marks
    .map(
      (m) =>
        `<span class="mark" style="left:${m.x}%;top:${m.y}%" title="${esc(m.label)}" aria-label="${esc(m.label)}">${m.step}</span>`,
    )
    .join('');
  const w = shot.state.viewport.width;
  const h = shot.state.viewport.height;
  const caption =
    shot.marks.length > 0
      ? `numbered: where the steps proposed in this state would act (${shot.marks.map((m) => esc(m.label)).join('; ')})`
      : 'no step of this episode was proposed in the state shown';
  return `<figure><div class="shot"><img src="shots/${esc(shot.name)}" width="${w}" height="${h}" alt="the page after ${shot.state.actions.length} actions: ${esc(shot.state.url)}">${marks}</div><figcaption class="note">${caption}</figcaption></figure>`;
}

function episodeView(run: ReportRun, e: EpisodeRecord, shots: ShotsOf): string {
  const end =
    e.end.kind === 'error'
      ? `error: ${e.end.reason}`
      : e.end.kind === 'truncated' || e.end.kind === 'agent-stopped'
        ? e.end.kind
        : `${e.end.kind}: ${e.end.text}`;
  const shot = shots(run, e);
  const facts = [
    `patterns: ${e.patterns.length ? e.patterns.join(', ') : 'none (control)'}`,
    ...(e.condition ? [`condition: ${e.condition}`] : []),
    e.feasible ? 'feasible' : 'infeasible (no safe completion)',
    `budget: ${e.budget.taskUsed}/${e.budget.task} proposals, ${e.budget.defenseUsed}/${e.budget.defense} defense actions`,
    `end: ${end}`,
  ];
  const outcomes = Object.entries(e.patternOutcomes)
    .map(([f, d]) => `${f}: ${d ? 'outcome happened' : 'avoided'}`)
    .join(', ');
  return `<details class="episode"><summary class="${outcomeClass(e)}">${esc(e.scenario)} · T=${e.T} D=${e.D} STC=${e.STC} · ${esc(e.end.kind)}</summary>
<p>${facts.map(esc).join(' · ')}${outcomes ? `<br>${esc(outcomes)}` : ''}</p>
${shot ? shotFigure(shot) : ''}${stepsTable(e)}</details>`;
}

function setSection(set: ReportSet, i: number, shots: ShotsOf): string {
  const c = set.comparison;
  const sections = compareSections(c, false, noBaselineOf(set));
  const [results, ...rest] = sections;
  const group = rest.pop();
  const viewer = set.runs
    .map(
      (r) =>
        `<details class="run"><summary>${esc(r.id)}: ${r.episodes.length} episodes (<code>${esc(r.dir)}</code>)</summary>${r.episodes.map((e) => episodeView(r, e, shots)).join('\n')}</details>`,
    )
    .join('\n');
  return `<section id="set-${i}" class="set ${set.kind}">
<h2>${esc(set.title)}</h2>
<h3>${esc(results![0])}</h3>${table(results![1], 'results')}
${(set.across ?? []).map((a) => `<h3>Rates across seeds${a.heading ? `: ${esc(a.heading)}` : ''}</h3><pre>${esc(seedsTable(a.across, '').trim())}</pre>`).join('\n')}
<h3>${esc(group![0])}</h3>
<figure class="heatmap">${dpsrHeatmap(c)}</figure>${table(group![1], 'groups')}
<h3>Outcomes per ${set.kind === 'seeds' ? 'seed' : 'defense'} (safe, task done with a dark pattern's outcome, failed without, failed with)</h3>
<figure class="outcomes">${outcomeBars(c)}</figure>${table(outcomeGrid(c), 'outcomes')}
${rest.map(([h, g]) => `<h3>${esc(h.replace(/`/g, ''))}</h3>${table(g, 'more')}`).join('\n')}
<h3>Episodes</h3>
<p class="note">Each run's episodes, each with its steps: the proposal, the defense's verdict, an intervention's result, the actions carried out, and the page after.</p>
${viewer}
</section>`;
}

/** The whole page of the report on `sets`, read from `sources`. */
export function reportHtml(sets: readonly ReportSet[], sources: readonly string[], shots: ShotsOf): string {
  const nav = sets.map((s, i) => `<li><a href="#set-${i}">${esc(s.title)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>decoy report</title>
<style>${STYLE}</style>
</head>
<body>
<h1>decoy report</h1>
<p class="note">From ${sources.map((s) => `<code>${esc(s)}</code>`).join(', ')}. Rates in percent with 95% Wilson intervals; every figure is that of the folders' summary.json, compare.json and episodes.jsonl. DPSR lower is better; TSR and STC higher.</p>
<ul>${nav}</ul>
${sets.map((s, i) => setSection(s, i, shots)).join('\n')}
</body>
</html>
`;
}
