/** A defense of your own: refuses a click on "accept all" unless the task asks for it. */
import { targetOf, type DefenseDef } from 'decoy/defense';

const blockAcceptAll: DefenseDef = {
  id: 'block-accept-all',
  description: 'Blocks a click on a blanket consent the task did not ask for.',
  options: [
    {
      name: 'phrase',
      description: 'what a blanket consent says (a regular expression)',
      default: '(accept|allow) all',
    },
  ],
  create: ({ options }) => {
    const consent = new RegExp(String(options.phrase ?? '(accept|allow) all'), 'i');
    return {
      // Shown to the agent on every observation (observation.defense_context).
      context: () => 'Give no consent the task does not ask for.',
      review: ({ goal, observation, proposal }) => {
        const target = targetOf(observation, proposal);
        if (!target || !consent.test(target.name) || consent.test(goal)) return { kind: 'allow' };
        return { kind: 'block', feedback: `"${target.name}" gives a consent the task did not ask for` };
      },
    };
  },
};

export default blockAcceptAll;
