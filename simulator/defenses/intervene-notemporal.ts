import type { DefenseDef } from '../loop/defense.ts';
import { FULL, veer } from './_veer/veer.ts';

const interveneNotemporal: DefenseDef = {
  id: 'intervene-notemporal',
  description:
    "Ablation of intervene (Veer's w/o Temporal Evidence): nothing is kept from earlier pages (prices seen, the site the task began on, what a task's reference was bound to); each decision reads only the current observation.",
  create: () => veer({ ...FULL, temporal: false }),
};

export default interveneNotemporal;
