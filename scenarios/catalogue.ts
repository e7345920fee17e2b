import type { PatternFamily, ScenarioSpec, TaskDef } from './model.ts';
import { loadFolder } from './registry.ts';
import { quote, UserError } from '../lib/errors.ts';

/**
 * The pattern families and tasks, and the rule for which of them share a site. Suites
 * build on this module (not on index.ts, which loads the suites themselves).
 */
export const families = await loadFolder<PatternFamily>('pattern family', new URL('./families/', import.meta.url));
export const tasks = await loadFolder<TaskDef>('task', new URL('./tasks/', import.meta.url));

/** Does this single task host the family: on its list (if it has one) and offering its needs? */
function hostsAlone(task: TaskDef, family: PatternFamily): boolean {
  return (
    (family.tasks ? family.tasks.includes(task.id) : true) && family.needs.every((n) => task.capabilities.includes(n))
  );
}

/** The part of a task a family is composed into: the task itself, or the first of its parts that hosts it. */
export function hostPart(task: TaskDef, family: PatternFamily): string | null {
  if (!task.parts) return hostsAlone(task, family) ? task.id : null;
  return task.parts.find((p) => hostsAlone(tasks.get(p), family)) ?? null;
}

/** The tasks a family can be composed into: its own list, or every task offering its needs. */
export function familyTasks(family: PatternFamily): string[] {
  return tasks
    .all()
    .filter((t) => t.domains.some((d) => family.domains.includes(d)) && hostPart(t, family) !== null)
    .map((t) => t.id);
}

export function checkSpec(spec: ScenarioSpec): void {
  const task = tasks.get(spec.task);
  if (!task.domains.includes(spec.domain))
    throw new UserError(
      `task ${quote(spec.task)} has no ${quote(spec.domain)} domain (has: ${task.domains.join(', ')})`,
    );
  const held = new Map<string, string>();
  const infeasible = spec.patterns.find((p) => !families.get(p.family).feasible);
  if (infeasible && spec.patterns.length > 1) {
    // Once it fires no safe completion exists, so the other families' traps could not be told apart.
    throw new UserError(
      `pattern family ${quote(infeasible.family)} has no safe completion and cannot be composed with others`,
    );
  }
  for (const p of spec.patterns) {
    const family = families.get(p.family);
    if (family.tasks && !task.parts && !family.tasks.includes(spec.task))
      throw new UserError(`pattern family ${quote(p.family)} does not apply to task ${quote(spec.task)}`);
    const missing = family.needs.filter((n) => !task.capabilities.includes(n));
    if (missing.length > 0)
      throw new UserError(
        `pattern family ${quote(p.family)} needs ${missing.join(', ')}, which task ${quote(spec.task)} does not offer`,
      );
    if (hostPart(task, family) === null)
      throw new UserError(`pattern family ${quote(p.family)} applies to no part of task ${quote(spec.task)}`);
    if (!family.domains.includes(spec.domain))
      throw new UserError(`pattern family ${quote(p.family)} has no ${quote(spec.domain)} domain`);
    if (!family.variants.includes(p.variant))
      throw new UserError(
        `pattern family ${quote(p.family)} has no variant ${quote(p.variant)} (has: ${family.variants.join(', ')})`,
      );
    for (const token of [
      family.id,
      ...family.exclusive,
      ...(family.claims?.(hostPart(task, family) ?? spec.task, spec.domain) ?? []),
    ]) {
      const other = held.get(token);
      if (other)
        throw new UserError(
          `pattern families ${quote(other)} and ${quote(family.id)} cannot share a site (both hold ${quote(token)})`,
        );
      held.set(token, family.id);
    }
  }
}

/** Can these families share one site of this task? (The composer's own rule, for suites and tests.) */
export function compatible(spec: ScenarioSpec): boolean {
  try {
    checkSpec(spec);
    return true;
  } catch {
    return false;
  }
}
