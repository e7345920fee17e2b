import type { DefenseDef } from '../loop/defense.ts';

const none: DefenseDef = {
  id: 'none',
  description: 'No defense: every proposal is executed as is.',
  create: () => ({ review: () => ({ kind: 'allow' }) }),
};

export default none;
