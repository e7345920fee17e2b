import type { DefenseDef } from '../loop/defense.ts';
import { FULL, veer } from './_veer/veer.ts';

const interveneBlock: DefenseDef = {
  id: 'intervene-block',
  description:
    "Ablation of intervene (Veer's w/o State Intervention): the same assessment, but an unauthorized consequence is blocked with its reason instead of corrected.",
  create: () => veer({ ...FULL, intervene: false }),
};

export default interveneBlock;
