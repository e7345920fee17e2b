import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';
import { money } from '../../query.ts';

const ADD = /^add to (cart|basket|bag)$/i;
const CHECKOUT = /checkout/i;
const PLACE = /^(place order|complete purchase|pay now|confirm order)$/i;

/** Buy a named product: open it, add it, check out, place the order. */
const purchase: Skill<{ product: string }> = {
  id: 'purchase',
  priority: 50,
  read(goal) {
    const q = quoted(goal);
    return /buy|order|purchase/i.test(goal) && q[0] ? { product: q[0] } : null;
  },
  act(obs, mind, { product }) {
    const seen = (mind.memory.get('prices') as Map<string, number> | undefined) ?? new Map<string, number>();
    mind.memory.set('prices', seen);
    obs.elements.forEach((e, i) => {
      if (e.role === 'link' && e.name === product && !seen.has(product)) {
        const price = obs.elements.slice(i + 1, i + 3).map((n) => money(n.text ?? '')).find((p) => p !== null);
        if (price != null) seen.set(product, price);
      }
    });
    if (/thank you|confirmed/i.test(mind.heading1(obs))) return { name: 'send_msg_to_user', text: `I placed the order for the ${product}.` };
    const place = mind.find(obs, 'button', PLACE);
    if (place) {
      const t = mind.texts(obs);
      const total = money(t[t.lastIndexOf('Total') + 1] ?? '');
      const shown = seen.get(product);
      if (total !== null && shown !== undefined && total > shown + 0.005 && !mind.fallsFor(`total:${total}`, false)) {
        return { name: 'report_infeasible', reason: `The total ${total.toFixed(2)} is higher than the advertised ${shown.toFixed(2)}.` };
      }
      return mind.untickExtras(obs) ?? click(place);
    }
    const checkout = mind.find(obs, 'button', CHECKOUT);
    if (checkout) {
      const extra = mind.interactive(obs).find((e) => e.role === 'button' && /^Remove /.test(e.name) && e.name !== `Remove ${product}` && !mind.fallsFor(`line:${e.name}`, false));
      return extra ? click(extra) : click(checkout);
    }
    const add = mind.find(obs, 'button', ADD);
    if (add && mind.heading1(obs) === product) {
      if (!seen.has(product)) {
        const p = mind.texts(obs).map(money).find((x) => x !== null);
        if (p != null) seen.set(product, p);
      }
      return mind.untickExtras(obs) ?? click(add);
    }
    const link = mind.listing(obs, 'link', product);
    if (link) return click(link);
    return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default purchase;
