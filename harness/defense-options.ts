/**
 * `--defense-opt`: `key=value` goes to every defense given that declares `key` (to the one
 * defense, when there is one), `d:key=value` to the defense `d` only, named as --defenses
 * (or --defense) gives it or by its folder's name (a file's name without its extension). A
 * prefix naming none of the defenses is refused, and so is an option its defense does not
 * declare; what each defense gets is recorded in its run.json.
 */
import { quote, UserError } from '../lib/errors.ts';
import { checkOptions, defenseDef } from '../simulator/loop/resolve.ts';
import { nameOf } from './run.ts';

type Options = Readonly<Record<string, unknown>>;

/** The options given to all, and those given to each defense by its prefix (in `defenses`' order). */
export function splitDefenseOptions(
  defenses: readonly string[],
  given: Options = {},
): { common: Record<string, unknown>; own: Record<string, unknown>[] } {
  // Entries, made into objects at the end: an option named `__proto__` stays an option (refused as unknown), not a prototype.
  const common: [string, unknown][] = [];
  const own = defenses.map((): [string, unknown][] => []);
  for (const [key, value] of Object.entries(given)) {
    // The last colon: a page-side defense's name (inject:x.js) holds one of its own.
    const at = key.lastIndexOf(':');
    if (at === -1) {
      common.push([key, value]);
      continue;
    }
    const prefix = key.slice(0, at);
    const i = defenses.findIndex((d) => d === prefix || nameOf(d) === prefix);
    if (i === -1)
      throw new UserError(
        `--defense-opt ${quote(key)}: ${quote(prefix)} names none of the defenses given (${defenses.join(', ')})`,
      );
    if (at === key.length - 1) throw new UserError(`--defense-opt ${quote(key)} names no option after the colon`);
    const option = key.slice(at + 1);
    // `gate:k` and `path/gate.js:k` name the same defense's option: the last would win silently.
    const earlier = own[i]!.find(([k]) => k === option);
    if (earlier !== undefined)
      throw new UserError(
        `--defense-opt gives ${quote(option)} to ${quote(nameOf(defenses[i]!))} twice; give each option once`,
      );
    own[i]!.push([option, value]);
  }
  return { common: Object.fromEntries(common), own: own.map((o) => Object.fromEntries(o)) };
}

/** The options of the one defense a command plays (decoy run): its own after the common ones; what it does not declare is refused where it is made. */
export function optionsOfDefense(defense: string, given: Options = {}): Record<string, unknown> {
  const { common, own } = splitDefenseOptions([defense], given);
  return { ...common, ...own[0] };
}

/**
 * Each defense's share of the options given: the common ones it declares, then its own. A
 * common option no defense declares, or an own one its defense does not, is refused by name.
 */
export async function optionsByDefense(
  defenses: readonly string[],
  given: Options = {},
): Promise<Record<string, unknown>[]> {
  const { common, own } = splitDefenseOptions(defenses, given);
  const defs = await Promise.all(defenses.map((d) => defenseDef(d)));
  const declared = defs.map((def) => new Set((def.options ?? []).map((o) => o.name)));
  const unused = Object.keys(common).find((k) => !declared.some((names) => names.has(k)));
  if (unused !== undefined) throw new UserError(`--defense-opt ${quote(unused)}: none of the defenses takes it`);
  return defenses.map((d, i) => {
    try {
      checkOptions('defense', d, defs[i]!, own[i]!);
    } catch (e) {
      const key = Object.keys(own[i]!).find((k) => !declared[i]!.has(k)) ?? '';
      throw e instanceof UserError ? new UserError(`--defense-opt ${quote(`${d}:${key}`)}: ${e.message}`) : e;
    }
    return { ...Object.fromEntries(Object.entries(common).filter(([k]) => declared[i]!.has(k))), ...own[i] };
  });
}
