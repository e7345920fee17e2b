import type { DefenseDef } from '../loop/defense.ts';
import { FULL, veer } from './_veer/veer.ts';

const interveneReactive: DefenseDef = {
  id: 'intervene-reactive',
  description:
    "Ablation of intervene (Veer's Reactive Intervention): no prospective plan; one grounded corrective transition at a time under the same objective, the next chosen after observing the last.",
  create: () => veer({ ...FULL, prospective: false }),
};

export default interveneReactive;
