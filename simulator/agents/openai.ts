import { namedPath, type AgentDef } from '../loop/agent.ts';
import { quote, UserError } from '../../lib/errors.ts';
import { LLM_OPTIONS, llmSettings } from '../llm/settings.ts';
import { promptFile } from '../llm/prompt.ts';
import { turnMessages, turnRequest } from './_openai/prompt.ts';
import { proposalOf } from './_openai/reply.ts';

const WHO = '--agent openai';

const flag = (v: unknown, name: string, dflt: boolean): boolean => {
  if (v === undefined) return dflt;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw new UserError(`${WHO}: ${name} must be true or false, got ${quote(String(v))}`);
};

/**
 * An LLM agent over any OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp's server, Ollama,
 * LiteLLM). Each turn it is asked once, with the task, the defense's note, its earlier actions
 * and their outcomes, and the page's snapshot; it answers with a tool call generated from the
 * action table, or an action string in its text.
 */
const openai: AgentDef = {
  id: 'openai',
  description:
    "An LLM over any OpenAI-compatible endpoint (OPENAI_BASE_URL, OPENAI_API_KEY): one request a turn with the task, the page snapshot, its history and the defense's note; actions come back as tool calls (or action strings). Use --cassette to record and replay.",
  options: [
    ...LLM_OPTIONS,
    {
      name: 'tools',
      description: 'offer the actions as tools; false asks for an action string in the text',
      default: true,
    },
    { name: 'elements', description: 'add the element table (ref, role, name, box) to the snapshot', default: false },
    { name: 'history', description: 'most earlier turns shown in the prompt', default: 30 },
    {
      name: 'vision',
      description: 'add a screenshot of the viewport to each turn (needs --engine chromium), for VLM agents',
      default: false,
    },
    {
      name: 'marks',
      description: "with vision: draw set-of-marks over the screenshot, numbered by the elements' refs",
      default: false,
    },
    {
      name: 'system_prompt',
      description: 'a .md or .txt file to use as the system prompt ({{tools}}, {{actions}})',
      reads: namedPath,
    },
    {
      name: 'turn_prompt',
      description: 'a .md or .txt file to use as the turn prompt (see simulator/agents/_openai/turn.md)',
      reads: namedPath,
    },
  ],
  create(ctx) {
    const { model, endpoint, sampling } = llmSettings(ctx.options, WHO);
    const tools = flag(ctx.options.tools, 'tools', true);
    const elements = flag(ctx.options.elements, 'elements', false);
    const vision = flag(ctx.options.vision, 'vision', false);
    const marks = flag(ctx.options.marks, 'marks', false);
    if (marks && !vision) throw new UserError(`${WHO}: marks=true draws over the screenshot: add vision=true`);
    const history = Number(ctx.options.history ?? 30);
    if (!Number.isInteger(history) || history < 0) throw new UserError(`${WHO}: history must be a whole number ≥ 0`);
    const pick = (opt: unknown, own: URL) => promptFile(typeof opt === 'string' && opt !== '' ? opt : own, WHO);
    const prompts = {
      system: pick(ctx.options.system_prompt, new URL('./_openai/system.md', import.meta.url)),
      turn: pick(ctx.options.turn_prompt, new URL('./_openai/turn.md', import.meta.url)),
    };
    return {
      ...(vision ? { sees: marks ? ('marks' as const) : ('screenshot' as const) } : {}),
      async act(obs, turns) {
        if (!ctx.llm) throw new Error('the openai agent runs only where the run gives it an LLM (decoy run, runBatch)');
        const messages = turnMessages(prompts, { tools, elements, history, vision }, obs, turns);
        const reply = await ctx.llm.chat(turnRequest(model, sampling, messages, tools), { step: obs.step, endpoint });
        return proposalOf(reply);
      },
    };
  },
};

export default openai;
