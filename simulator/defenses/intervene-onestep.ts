import type { DefenseDef } from '../loop/defense.ts';
import { FULL, veer } from './_veer/veer.ts';

const interveneOnestep: DefenseDef = {
  id: 'intervene-onestep',
  description:
    "Ablation of intervene (Veer's One-Step Intervention): at most one corrective action per interception, then control goes back to the agent.",
  create: () => veer({ ...FULL, oneStep: true }),
};

export default interveneOnestep;
