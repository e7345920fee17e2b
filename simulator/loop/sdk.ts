/**
 * What an agent or defense author imports (the package's `decoy/defense` export): the
 * contracts a plug-in implements, the observation it reads, the action strings it proposes
 * or corrects with and what each acts on, the LLM a run hands it, and the page readers any
 * plug-in may use. Everything else in simulator/
 * may change between versions; this face changes only with a note.
 */
export type { Agent, AgentContext, AgentDef, AgentOptions, OptionDoc, Turn } from './agent.ts';
export type {
  Acquire,
  Acquired,
  Assessment,
  Boundary,
  Commitment,
  CommitmentState,
  Decision,
  Defense,
  DefenseDef,
  EvidenceRequest,
  Judgement,
  Objective,
  ReplanContext,
  ReviewContext,
  Verdict,
} from './defense.ts';
export { judgementOf } from './defense.ts';
export type { EnvObservation } from './env.ts';
export type { Expectation, Locator, Step } from '../../scenarios/model.ts';
export { DEFENSE_BUDGET } from './runner.ts';
export {
  ACTIONS,
  ActionParseError,
  describeActions,
  formatAction,
  isAimed,
  parseAction,
  scopeOf,
  type Action,
  type ActionName,
  type ActionScope,
  type AimedAction,
} from './actions.ts';
export type {
  CallSite,
  ChatMessage,
  ChatReply,
  ChatRequest,
  ContentPart,
  Endpoint,
  Llm,
  ToolCall,
} from '../llm/chat.ts';
export { elementAt, targetOf } from './target.ts';
export type { ObservedElement } from '../page/observe.ts';
export { byLocator, dialogs } from '../page/query.ts';
export { isPrice, priceIn, pricesIn, withoutPrices, type Price } from '../page/read/price.ts';
export { card, finePrint } from '../page/read/around.ts';
export { inconspicuous, salience } from '../page/read/salience.ts';
