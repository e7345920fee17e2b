/**
 * Prompts live in files beside the party that sends them (Markdown with `{{name}}` slots), so
 * that a user can change one and see the effect at once: with `--llm-mode auto` the calls whose
 * request did not change come from the cassette and only the changed ones go to the endpoint.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { clip, UserError } from '../../lib/errors.ts';

export type Prompt = (values: Record<string, unknown>) => string;

/**
 * The prompt in a .md or .txt file (a party's own beside it, as a URL, or the user's, by path),
 * as a function of its slots; a slot the file names and the values lack is an error, not a blank.
 */
export function promptFile(file: string | URL, who: string): Prompt {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  if (!/\.(md|txt)$/i.test(path)) throw new UserError(`${who}: a prompt is a .md or .txt file, not ${clip(path)}`);
  if (!existsSync(path)) throw new UserError(`${who}: no prompt file ${clip(path)}`);
  return compiled(path, who);
}

/** The prompt named `name` in the user's folder of prompts when it holds one (name.md), else the party's own. */
export function promptIn(folder: string | undefined, name: string, own: URL, who: string): Prompt {
  if (folder !== undefined) {
    const mine = join(folder, `${name}.md`);
    if (existsSync(mine)) return compiled(mine, who);
  }
  return promptFile(own, who);
}

/** A folder of prompts that replaces at least one of `names` (name.md), or a one-line refusal: a wrong path must not fall back unseen. */
export function checkPromptFolder(folder: string, names: readonly string[], who: string): void {
  if (!existsSync(folder)) throw new UserError(`${who}: no folder of prompts ${clip(folder)}`);
  if (!statSync(folder).isDirectory())
    throw new UserError(`${who}: prompts=${clip(folder)} is a file; give the folder that holds the .md prompts`);
  if (!names.some((n) => existsSync(join(folder, `${n}.md`))))
    throw new UserError(
      `${who}: the folder of prompts ${clip(folder)} holds none of ${names.map((n) => `${n}.md`).join(', ')}`,
    );
}

function compiled(path: string, who: string): Prompt {
  const text = readFileSync(path, 'utf8');
  let render: HandlebarsTemplateDelegate;
  try {
    // Compiled on first use otherwise: a broken template is named here, before any episode.
    Handlebars.parse(text);
    render = Handlebars.compile(text, { noEscape: true, strict: true });
  } catch (e) {
    throw new UserError(
      `${who}: the prompt ${clip(path)} is not a template (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
    );
  }
  return (values) => {
    try {
      return render(values).trim();
    } catch (e) {
      const why = e instanceof Error ? (e.message.split('\n')[0] ?? '').replace(' in [object Object]', '') : String(e);
      throw new UserError(`${who}: the prompt ${clip(path)} names a slot it is not given (${why})`);
    }
  };
}
