import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../scenarios/errors.ts';
import type { LoadedBundle } from '../simulator/bundle.ts';
import { checkBundle, type CheckRow } from '../simulator/check.ts';
import { DecoyEnv } from '../simulator/env.ts';
import { parseFlags, usage, type Flags } from './args.ts';
import { bundlesFrom } from './select.ts';

const FLAGS: Flags = {
  suite: { type: 'string', description: 'suite to generate and check (see decoy list)' },
  bundles: { type: 'string', description: 'check bundles written by decoy generate instead' },
  seed: { type: 'string', description: 'seed of generation', default: '7' },
  pattern: { type: 'string', multiple: true, description: 'keep only configurations with this pattern family (repeatable)' },
  json: { type: 'boolean', description: 'print every check as JSON' },
};

export const summary = 'Self-check a suite: oracle safe, every trap gives its outcome, canaries visible, boxes sane';
export const help = () => usage('check', '--suite <name> | --bundles <dir> [--seed N]', FLAGS);

/** The simulator's own source: a changed oracle or engine must not reuse an old verdict. */
function simulatorSource(): string[] {
  const root = fileURLToPath(new URL('../simulator/', import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => readFileSync(join(root, f), 'utf8'));
}

/** Checks are deterministic in the bundles and the simulator, so their result is kept by content hash. */
function cacheFile(bundles: readonly LoadedBundle[]): string {
  const h = createHash('sha256');
  for (const text of simulatorSource()) h.update(text);
  for (const b of bundles) {
    h.update(JSON.stringify(b.manifest));
    for (const [path, text] of Object.entries(b.site.files)) h.update(path).update(text);
  }
  return join(tmpdir(), 'decoy-checks', `${h.digest('hex').slice(0, 32)}.json`);
}

export async function checkBundles(bundles: readonly LoadedBundle[]): Promise<CheckRow[]> {
  const file = cacheFile(bundles);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as CheckRow[];
  const env = new DecoyEnv();
  const rows: CheckRow[] = [];
  try {
    for (const b of bundles) {
      rows.push(...(await checkBundle(b, env)));
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await env.close();
  }
  mkdirSync(join(tmpdir(), 'decoy-checks'), { recursive: true });
  writeFileSync(file, JSON.stringify(rows));
  return rows;
}

export function checkTable(rows: readonly CheckRow[]): string {
  const byCheck = new Map<string, { ok: number; fail: number }>();
  for (const r of rows) {
    const key = r.check.replace(/ [a-z0-9-]+ (gives|$)/, ' <family> $1').replace(/^(canary|boxes|trap) [a-z0-9-]+/, '$1 <family>');
    const c = byCheck.get(key) ?? { ok: 0, fail: 0 };
    if (r.ok) c.ok++;
    else c.fail++;
    byCheck.set(key, c);
  }
  const w = Math.max(...[...byCheck.keys()].map((k) => k.length), 5);
  const lines = [`${'check'.padEnd(w)}  passed  failed`, ...[...byCheck].map(([k, c]) => `${k.padEnd(w)}  ${String(c.ok).padStart(6)}  ${String(c.fail).padStart(6)}`)];
  const failures = rows.filter((r) => !r.ok);
  if (failures.length > 0) lines.push('', 'failures:', ...failures.slice(0, 40).map((f) => `  ${f.scenario}: ${f.check}: ${f.detail}`));
  if (failures.length > 40) lines.push(`  … and ${failures.length - 40} more`);
  return lines.join('\n');
}

export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('check', argv, FLAGS);
  const bundles = bundlesFrom('check', values);
  const rows = await checkBundles(bundles);
  const failed = rows.filter((r) => !r.ok).length;
  const out = values.json ? JSON.stringify(rows, null, 2) : `${bundles.length} configurations, ${rows.length} checks\n${checkTable(rows)}`;
  if (failed > 0) throw new CheckFailed(out, failed);
  return out;
}

/** A failed self-check: the table is the output, and the exit code is non-zero. */
export class CheckFailed extends UserError {
  constructor(
    readonly report: string,
    readonly failed: number,
  ) {
    super(`${failed} check${failed === 1 ? '' : 's'} failed`);
  }
}
