import type { DefenseDef } from '../loop/defense.ts';
import { FULL, veer } from './_veer/veer.ts';

const intervene: DefenseDef = {
  id: 'intervene',
  description:
    "Veer, rule-based: predicts each proposal's consequences in the observed state against a task authorization read from the instruction; when an unauthorized consequence comes from state the page holds (a ticked box, a cart line, a paid option, a popup) it changes that state through a verified multi-step correction and hands control back with a note; otherwise it blocks with the reason.",
  create: () => veer(FULL),
};

export default intervene;
