import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';
import { settleBoxes } from '../wording.ts';

const SUBMIT = /^(create|sign up|register|join|submit|continue)/i;

/** Create an account: open the sign-up page, fill name and email, submit. */
const signup: Skill<{ name: string; email: string }> = {
  id: 'signup',
  priority: 40,
  read(goal) {
    const q = quoted(goal);
    const email = q.find((x) => /^[^@\s]+@[^@\s]+$/.test(x));
    const name = q.find((x) => x !== email);
    return email && name && /account|sign me up|sign up|register/i.test(goal) ? { name, email } : null;
  },
  act(obs, mind, { name, email }) {
    const boxes = mind.interactive(obs).filter((e) => e.role === 'textbox');
    if (mind.memory.get('submitted') && boxes.length === 0)
      return { name: 'send_msg_to_user', text: `I created the account for ${name}.` };
    if (boxes.length > 0) {
      for (const box of boxes) {
        const want = /mail/i.test(box.name) ? email : /name/i.test(box.name) ? name : null;
        if (want !== null && box.value !== want) return { name: 'fill', bid: box.ref as string, value: want };
      }
      const box = settleBoxes(obs, mind);
      if (box) return box;
      const submit = mind.find(obs, 'button', SUBMIT);
      if (!submit) return null;
      mind.memory.set('submitted', true);
      return click(submit);
    }
    const link = mind.find(obs, 'link', /create account|sign up|register/i);
    return link ? click(link) : null;
  },
};

export default signup;
