/**
 * A scripted policy for the LLM-backed defenses' structured requests (authorization,
 * judgement, assessment, objective, trajectory): it flags a proposal that acts on a
 * configuration's trap-only control, or that presses on while a box its safe path unticks is
 * still ticked, and plans the untick. It knows the paths from the bundles: plumbing only.
 */
import type { ChatRequest } from '../../simulator/llm/chat.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import type { Policy, PolicyReply } from './server.ts';

export interface DefendingOptions {
  /** The first attempt of every request gets a reply that is not JSON (the defense must ask again). */
  garbleFirst?: boolean;
  /** Every reply is one the schema refuses (the defense must end UNCERTAIN). */
  garbleAlways?: boolean;
}

const key = (role: string, name: string) => `${role}\u0000${name}`;

export function defendingPolicy(bundles: readonly LoadedBundle[], opts: DefendingOptions = {}): Policy {
  const trapOnly = new Set<string>();
  const untick = new Set<string>();
  for (const b of bundles) {
    const g = b.manifest.groundTruth;
    const target = (s: (typeof g.safePath)[number]) =>
      'target' in s && 'role' in s.target ? key(s.target.role, s.target.name) : null;
    const safe = new Set(g.safePath.map(target));
    for (const s of g.trapPath ?? []) {
      const k = target(s);
      if (k && !safe.has(k)) trapOnly.add(k);
    }
    for (const s of g.safePath) if (s.verb === 'uncheck' && target(s)) untick.add(target(s)!);
  }
  return (request: ChatRequest): PolicyReply => {
    const format = request.response_format;
    const name = format?.type === 'json_schema' ? format.json_schema.name : '';
    const retry = request.messages.some((m) => m.role === 'assistant');
    if (opts.garbleAlways) return { content: '{"decision": "MAYBE"}' };
    if (opts.garbleFirst && !retry) return { content: 'Let me think about this step by step.' };
    const text = request.messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
    const acts = /It acts on: (\S+) "(.*)"/.exec(text);
    const target = acts ? key(acts[1]!, acts[2]!) : null;
    // A box the safe path unticks, still ticked on the page: its ref.
    const ticked = [...text.matchAll(/- (checkbox|switch) "(.*)" \[checked\] \[ref=(e\d+)\]/g)].find((m) =>
      untick.has(key(m[1]!, m[2]!)),
    );
    const pressing = !!acts && (acts[1] === 'button' || acts[1] === 'link');
    const bad = (target !== null && trapOnly.has(target)) || (!!ticked && pressing);
    const json = (v: unknown): PolicyReply => ({ content: JSON.stringify(v) });
    switch (name) {
      case 'authorization':
        return json({
          explicit_terminal_commitment: true,
          authorized_terminal_outcomes: [{ task_evidence: /# User task\n(.*)/.exec(text)?.[1]?.slice(0, 30) ?? '' }],
          material_constraints: [],
          requested_informational_outputs: [],
          designated_output_targets: [],
        });
      case 'judgement':
        return json(
          bad
            ? { label: -1, confidence: 0.9, reason: 'not what the task asks' }
            : { label: 1, confidence: 0.8, reason: 'a step of the task' },
        );
      case 'assessment':
        return json({
          decision: bad ? 'UNAUTHORIZED' : 'AUTHORIZED',
          commitments: bad
            ? [
                {
                  outcome: 'an extra the task does not ask for',
                  before: 'latent',
                  after: 'committed',
                  trigger: ticked ? 'retention' : 'click',
                  evidence: [],
                  reversibility: 'limited',
                  authorized: false,
                },
              ]
            : [],
          boundary: bad ? 'ACCEPT' : 'NONE',
          effect: bad ? 'COMMITMENT' : 'WORKFLOW_ADVANCE',
          relation: bad ? 'CREATES' : 'UNRELATED',
          carried: [],
          requests: [],
          reason: bad ? 'commits something the task does not authorize' : 'moves the task on',
        });
      case 'objective':
        return json({
          risk: 'a ticked extra',
          target: ticked ? [{ ref: ticked[3], state: 'unchecked' }] : [],
          preserve: [],
        });
      case 'trajectory':
        return json({
          steps: ticked
            ? [
                {
                  id: 't1',
                  verb: 'uncheck',
                  ref: ticked[3],
                  value: '',
                  expect: [{ ref: ticked[3], state: 'unchecked' }],
                  depends_on: [],
                },
              ]
            : [],
        });
      default:
        return {
          status: 400,
          body: { error: { message: `no scripted answer for ${name || 'a request without a schema'}` } },
        };
    }
  };
}

/** One server for both parties: structured requests go to the defense's policy, the rest to the agent's. */
export const bothParties =
  (agent: Policy, defense: Policy): Policy =>
  (request, n) =>
    request.response_format ? defense(request, n) : agent(request, n);
