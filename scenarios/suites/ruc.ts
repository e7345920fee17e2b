import type { Domain, RucCategory, ScenarioSpec, SuiteDef } from '../model.ts';
import { compatible, families, familyTasks, tasks } from '../catalogue.ts';

/** DUDE's RUC composition (Table 1): deceptive samples per domain; 910 normal samples. */
const DECEPTIVE: Record<string, number> = { news: 103, booking: 143, shopping: 129, software: 122 };
const CATEGORIES: RucCategory[] = ['coercive', 'cognitive', 'contextual-path-spoofing', 'emotional'];

/**
 * Deceptive candidates of a domain, rotating through the categories, then the families of
 * each category, their variants and the tasks hosting them; each repeat is a new instance.
 */
function deceptive(domain: Domain, count: number): ScenarioSpec[] {
  const pools = CATEGORIES.map((category) =>
    families
      .all()
      .filter((f) => f.category === category && f.feasible && f.domains.includes(domain))
      .flatMap((f) =>
        familyTasks(f)
          .filter((t) => tasks.get(t).domains.includes(domain) && !tasks.get(t).parts)
          .flatMap((task) => f.variants.map((variant) => ({ task, domain, patterns: [{ family: f.id, variant }] }))),
      )
      .filter((spec) => compatible(spec)),
  ).filter((pool) => pool.length > 0);
  const out: ScenarioSpec[] = [];
  for (let i = 0; out.length < count; i++) {
    const pool = pools[i % pools.length] as ScenarioSpec[];
    const round = Math.floor(i / pools.length);
    out.push({
      ...(pool[round % pool.length] as ScenarioSpec),
      instance: round,
      condition: `${domain}/${families.get(pool[0]?.patterns[0]?.family as string).category}`,
    });
  }
  return out;
}

/** Benign controls of every single task of the domain, instance after instance. */
function normal(domain: Domain, count: number): ScenarioSpec[] {
  const hosts = tasks
    .all()
    .filter((t) => t.domains.includes(domain) && !t.parts)
    .map((t) => t.id);
  return Array.from({ length: count }, (_, i) => ({
    task: hosts[i % hosts.length] as string,
    domain,
    patterns: [],
    instance: Math.floor(i / hosts.length),
    condition: `${domain}/normal`,
  }));
}

const ruc: SuiteDef = {
  id: 'ruc',
  version: 5,
  digest: '9d416a067df5248a',
  released: ['3734950fbca18a62', 'dbf5e40058b048fa', '80d74c0ae3ca6ad8', 'd16d30a538c3ceed'],
  title: 'RUC click boxes',
  description:
    'Click-level samples in the shape of DUDE’s RUC: 910 normal and 497 deceptive over news, booking, shopping and software, four deception categories, split 70/15/15 by category (seed 42).',
  budget: 30,
  clicks: {
    normal: 910,
    deceptive: DECEPTIVE,
    split: { train: 0.7, valid: 0.15, test: 0.15, seed: 42 },
    nullClicks: 1,
  },
  // Candidates in draw order; more than the quotas, since a state may not show both boxes.
  scenarios: () =>
    Object.keys(DECEPTIVE).flatMap((d) => [
      ...deceptive(d as Domain, Math.ceil((DECEPTIVE[d] as number) * 1.5)),
      ...normal(d as Domain, 300),
    ]),
};

export default ruc;
