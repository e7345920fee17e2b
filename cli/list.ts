import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { defineCommand, flag, noArgs } from './command.ts';

export const { help, run } = defineCommand({
  name: 'list',
  flags: (cmd) => cmd.usage('[--json | --markdown]').option('--json', 'print JSON instead of text').option('--markdown', 'print the catalogue as the Markdown tables of the README'),
  schema: z.object({ json: flag, markdown: flag, args: noArgs }),
  async run(c) {
    if (c.json && c.markdown) throw new UserError('give --json or --markdown, not both');
    const { catalogue } = await import('../harness/catalogue.ts');
    const { catalogueMarkdown, catalogueText } = await import('./catalogue-text.ts');
    if (c.json) return JSON.stringify(catalogue(), null, 2);
    return c.markdown ? catalogueMarkdown() : catalogueText();
  },
});
