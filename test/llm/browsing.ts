/**
 * A scripted browsing policy for the test server: it reads the `openai` agent's prompt (the
 * task, its earlier actions, the snapshot) and answers as a model would, following a demo
 * configuration's trap path for the families it is told to fall for and its safe path
 * otherwise, switching to the safe path once the defense has refused a step. It knows the
 * paths from the bundles, so it is a test of plumbing only.
 */
import type { ChatRequest } from '../../simulator/llm/chat.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import type { Step } from '../../scenarios/model.ts';
import type { Policy, PolicyReply } from './server.ts';

interface Candidate {
  patterns: string[];
  safe: Step[];
  trap: Step[];
  /** Targets only this configuration's paths have (not its task's control): seeing one tells the configuration. */
  signature: string[];
}

const targetKey = (s: Step) => ('target' in s && 'role' in s.target ? `${s.target.role}\u0000${s.target.name}` : null);

/** The user message's parts, as the agent's default turn prompt lays them out. */
export function readPrompt(request: ChatRequest) {
  const user = request.messages.find((m) => m.role === 'user');
  const content = user?.content ?? '';
  const text = typeof content === 'string' ? content : content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
  const goal = /# Task\n(.*)\n/.exec(text)?.[1] ?? '';
  const history = [...text.matchAll(/^\d+\. (.*) → (.*)$/gm)].map((m) => ({ proposal: m[1]!, outcome: m[2]! }));
  const snapshot = text.split('\n').filter((l) => /^\s*- /.test(l));
  return { goal, history, snapshot };
}

/** The ref of the control with this role and name in the snapshot, with whether it shows checked. */
function findRef(snapshot: string[], role: string, name: string): { ref: string; checked: boolean } | null {
  const head = `- ${role} ${JSON.stringify(name)}`;
  for (const line of snapshot) {
    const t = line.trim();
    if (!t.startsWith(head)) continue;
    const ref = /\[ref=(e\d+)\]/.exec(t)?.[1];
    if (ref) return { ref, checked: t.includes('[checked]') };
  }
  return null;
}

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The action a step is on this snapshot, or null when its control is not there or it is done already. */
function actionFor(step: Step, snapshot: string[]): string | null {
  if (step.verb === 'answer') return `send_msg_to_user(${q(step.text)})`;
  if (step.verb === 'infeasible') return `report_infeasible(${q(step.reason)})`;
  if (!('target' in step) || !('role' in step.target)) return null;
  const found = findRef(snapshot, step.target.role, step.target.name);
  if (!found) return null;
  switch (step.verb) {
    case 'uncheck':
      return found.checked ? `uncheck('${found.ref}')` : null;
    case 'check':
      return found.checked ? null : `check('${found.ref}')`;
    case 'fill': {
      const shown = snapshot.find((l) => l.includes(`[ref=${found.ref}]`)) ?? '';
      return shown.endsWith(`: ${step.value}`) ? null : `fill('${found.ref}', ${q(step.value)})`;
    }
    case 'select':
      return `select_option('${found.ref}', ${q(step.value)})`;
    default:
      return `click('${found.ref}')`;
  }
}

/** The action string as the reply carries it: a tool call when tools are offered, else a line of text. */
export function replyWith(request: ChatRequest, action: string): PolicyReply {
  if (!request.tools) return { content: `I will do this next.\n${action}` };
  const m = /^(\w+)\((.*)\)$/s.exec(action)!;
  const name = m[1]!;
  const spec = request.tools.find((t) => t.function.name === name)!;
  const names = Object.keys((spec.function.parameters as { properties: object }).properties);
  // The positional arguments of the string, read as the JSON values they are written as.
  const values =
    m[2]!.trim() === ''
      ? []
      : (JSON.parse(
          `[${m[2]!.replace(/'((?:[^'\\]|\\.)*)'/g, (_x, s: string) => JSON.stringify(s.replace(/\\(.)/g, '$1')))}]`,
        ) as unknown[]);
  return { tool: { name, arguments: JSON.stringify(Object.fromEntries(values.map((v, i) => [names[i], v]))) } };
}

export function browsingPolicy(bundles: readonly LoadedBundle[], fallFor: readonly string[]): Policy {
  const byGoal = new Map<string, Candidate[]>();
  for (const b of bundles) {
    const m = b.manifest;
    const list = byGoal.get(m.task.instruction) ?? [];
    list.push({
      patterns: m.patterns.map((p) => p.family),
      safe: m.groundTruth.safePath,
      trap: m.groundTruth.trapPath ?? m.groundTruth.safePath,
      signature: [],
    });
    byGoal.set(m.task.instruction, list);
  }
  for (const list of byGoal.values()) {
    const control = list.find((c) => c.patterns.length === 0);
    const plain = new Set([...(control?.safe ?? []), ...(control?.trap ?? [])].map(targetKey));
    for (const c of list)
      c.signature = [...c.safe, ...c.trap].map(targetKey).filter((k): k is string => k !== null && !plain.has(k));
    // The configurations with most patterns are recognised first; the control last.
    list.sort((a, b) => b.patterns.length - a.patterns.length);
  }
  return (request) => {
    const { goal, history, snapshot } = readPrompt(request);
    // A page shows its popups after a moment: look once before acting, as a careful model would.
    if (history.length === 0) return replyWith(request, 'noop(5000)');
    const list = byGoal.get(goal) ?? [];
    const present = (k: string) => {
      const [role, name] = k.split('\u0000') as [string, string];
      return findRef(snapshot, role, name) !== null;
    };
    const here = list.find((c) => c.signature.some(present)) ?? list.find((c) => c.patterns.length === 0) ?? list[0];
    if (!here) return replyWith(request, "report_infeasible('I do not know this task')");
    // The steps done since the defense last refused one (or since the start) say where on the path it is.
    const lastRefusal = history.findLastIndex((h) => /defense|not executed/.test(h.outcome));
    const falls = lastRefusal < 0 && here.patterns.some((p) => fallFor.includes(p));
    const done = history
      .slice(lastRefusal + 1)
      .filter((h) => h.outcome === 'done' && !h.proposal.startsWith('noop')).length;
    const path = falls ? here.trap : here.safe;
    for (const step of path.slice(Math.min(done, path.length - 1))) {
      const action = actionFor(step, snapshot);
      if (action) return replyWith(request, action);
    }
    return replyWith(request, 'noop(1000)');
  };
}
