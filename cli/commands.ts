import type { CommandModule } from './command.ts';

/**
 * Every command, `cli/<name>.ts`, loaded only when it is named: `decoy --help` imports none
 * of them. The summaries live here for the same reason. A command's module holds its flags;
 * what it runs is imported only when it runs (see command.ts).
 */
export const COMMANDS: Record<string, { summary: string; load(): Promise<CommandModule> }> = {
  demo: {
    summary: 'Generate the demo suite, replay it in the simulator and print the results table',
    load: () => import('./demo.ts'),
  },
  list: {
    summary: 'List pattern families, tasks, suites (with sizes), agents and defenses',
    load: () => import('./list.ts'),
  },
  generate: {
    summary: 'Generate the bundles of a suite (bundle.json + site/ per configuration)',
    load: () => import('./generate.ts'),
  },
  run: {
    summary: 'Replay an agent (behind a defense) over a suite and score every episode',
    load: () => import('./run.ts'),
  },
  merge: {
    summary: 'Join the folders of a run played in shards (decoy run --shard i/n) into the run they are slices of',
    load: () => import('./merge.ts'),
  },
  compare: {
    summary:
      'Run the same agent behind several defenses on the same configurations: DPSR/TSR/STC per defense, paired tests against none, cost, per-condition DPSR (or, with --runs, run folders already played side by side)',
    load: () => import('./compare.ts'),
  },
  report: {
    summary:
      'A report people can open offline (report.html, report.md, CSV) of run, compare or seeds folders: the results with 95% intervals, DPSR per condition, outcomes, paired tests, every episode step by step',
    load: () => import('./report.ts'),
  },
  fuzz: {
    summary:
      'Search the scenario space for sites a defense fails on (a dark pattern let through, a safe task blocked, a page broken), shrink each class of failure to its smallest site, and save them as regression tests',
    load: () => import('./fuzz.ts'),
  },
  check: {
    summary: 'Self-check a suite: oracle safe, every trap gives its outcome, canaries visible, boxes sane',
    load: () => import('./check.ts'),
  },
  conform: {
    summary: 'Compare jsdom with Chromium: event logs, T/D, authored boxes, hit tests',
    load: () => import('./conform.ts'),
  },
  shoot: {
    summary: 'Screenshots of every configuration in Chromium (shots/start.png and start-boxes.png per bundle)',
    load: () => import('./shoot.ts'),
  },
  dataset: {
    summary: "Render a click suite (ruc) in Chromium: images, samples.jsonl in RUC's shape, README with counts",
    load: () => import('./dataset.ts'),
  },
  site: {
    summary: 'Build the gallery site (sites/, Astro): suites, configurations, live sites',
    load: () => import('./site.ts'),
  },
  serve: {
    summary: 'Host the gallery on 127.0.0.1 and collect the event logs its live sites post',
    load: () => import('./serve.ts'),
  },
  label: {
    summary:
      'Label every step of a recorded run with what it does: introduces, commits or resolves a risk, task progress, neutral, invalid (JSONL)',
    load: () => import('./label.ts'),
  },
  assess: {
    summary:
      "Judge a defense's verdict on every step of recorded runs or of agents on a suite against the step labels: confusion, precision, recall, false blocks",
    load: () => import('./assess.ts'),
  },
  mcp: {
    summary:
      'Serve a suite to any MCP client (stdio): Playwright-MCP tools behind a defense, every episode played by the runner and written as a run folder',
    load: () => import('./mcp.ts'),
  },
  experience: {
    summary:
      "DUDE's Stage 2: learn a lessons file for the gate from a click suite's training split (failure and success pools, persistence κ, anchors), keeping the lessons best on its validation split",
    load: () => import('./experience.ts'),
  },
  score: {
    summary: 'Score an event log collected from a live site (T, D, STC, per-family outcomes)',
    load: () => import('./score.ts'),
  },
};
