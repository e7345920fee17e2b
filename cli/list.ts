import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { bool, defineCommand, noArgs } from './command.ts';
import { flag, json } from './flags.ts';

export const { help, run, flags } = defineCommand({
  name: 'list',
  usage: '[--json | --markdown]',
  flags: [
    json('the catalogue'),
    flag('markdown', '--markdown', 'print the catalogue as the Markdown tables of the README', bool),
  ],
  schema: (flags) => z.object({ ...flags, args: noArgs }),
  async run(c) {
    if (c.json && c.markdown) throw new UserError('give --json or --markdown, not both');
    const { catalogue } = await import('../harness/catalogue.ts');
    const { catalogueMarkdown, catalogueText } = await import('./catalogue-text.ts');
    if (c.json) return JSON.stringify(catalogue(), null, 2);
    return c.markdown ? catalogueMarkdown() : catalogueText();
  },
});
