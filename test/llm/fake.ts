/**
 * An LLM in process for property tests: it answers every structured request from a hash of
 * what it was asked (so the same prompt always gets the same answer, and a prompt that changed
 * gets another), and writes down each request.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { type ChatReply, type ChatRequest, type Llm } from '../../simulator/llm/chat.ts';

const pick = <T>(h: number, list: readonly T[]): T => list[h % list.length] as T;

function answer(name: string, h: number): unknown {
  switch (name) {
    case 'judgement':
      return { label: pick(h, [1, 1, -1, 0] as const), confidence: 0.7, reason: `fake ${h % 100}` };
    case 'authorization':
      return {
        explicit_terminal_commitment: h % 2 === 0,
        authorized_terminal_outcomes: [],
        material_constraints: [],
        requested_informational_outputs: [],
        designated_output_targets: [],
      };
    case 'assessment':
      return {
        decision: pick(h, ['AUTHORIZED', 'AUTHORIZED', 'UNAUTHORIZED', 'UNCERTAIN'] as const),
        commitments: [],
        boundary: 'NONE',
        effect: 'UNKNOWN',
        relation: 'UNKNOWN',
        carried: [],
        requests: [],
        reason: `fake ${h % 100}`,
      };
    default:
      // Objectives and trajectories that name nothing: the defense refuses instead.
      return { risk: 'fake', target: [], preserve: [], steps: [] };
  }
}

export function fakeLlm(): Llm & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    requests,
    async chat(request: ChatRequest): Promise<ChatReply> {
      requests.push(structuredClone(request));
      const h = createHash('sha256').update(canonicalJson(request.messages)).digest().readUInt32BE(0);
      const format = request.response_format;
      const name = format?.type === 'json_schema' ? format.json_schema.name : '';
      return {
        content: JSON.stringify(answer(name, h)),
        toolCalls: [],
        finishReason: 'stop',
        usage: { promptTokens: 0, completionTokens: 0 },
      };
    },
  };
}
