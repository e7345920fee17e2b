/**
 * Reads a zod schema as documentation: every field's path, its type in words, whether it is
 * required and its `.describe()`. Only the kinds of schema bundle.json and an episode record
 * are made of are read; any other kind is an error, so a new kind in the schema is met here
 * rather than printed as nonsense.
 */
import type { z } from 'zod';

/** zod 4 keeps a schema's kind and parts on `def`; the public types do not expose them uniformly. */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  valueType?: Schema;
  innerType?: Schema;
  options?: Schema[];
  values?: unknown[];
  entries?: Record<string, string>;
  discriminator?: string;
  catchall?: Schema;
  checks?: { _zod: { def: { check: string; format?: string; value?: number; inclusive?: boolean } } }[];
}
type Schema = z.ZodType & { def: Def };

export interface Field {
  path: string;
  type: string;
  required: boolean;
  /** What the schema says the field holds (its `.describe()`), if it says. */
  description?: string;
}

const defOf = (s: z.ZodType): Def => (s as Schema).def;

/** A union tagged by a field (`verb`) is a family of its own, documented apart: its name here. */
export type Named = (s: z.ZodType) => string | null;

/** The type in words: `string`, `integer ≥ 0`, `list of …`, `map of …`, `a | b`, `{ x, y }`. */
export function typeOf(s: z.ZodType, named: Named): string {
  const name = named(s);
  if (name) return name;
  const d = defOf(s);
  switch (d.type) {
    case 'string':
    case 'boolean':
      return d.type;
    case 'unknown':
      return 'any';
    case 'number':
      return numberType(d);
    case 'literal':
      return (d.values ?? []).map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
    case 'enum':
      return Object.values(d.entries ?? {})
        .map((v) => `\`${v}\``)
        .join(' \\| ');
    case 'optional':
      return typeOf(d.innerType as Schema, named);
    case 'nullable':
      return `${typeOf(d.innerType as Schema, named)} \\| \`null\``;
    case 'array':
      return `list of ${typeOf(d.element as Schema, named)}`;
    case 'record':
      return `map of ${typeOf(d.valueType as Schema, named)}`;
    case 'union':
      return (d.options ?? []).map((o) => typeOf(o, named)).join(' \\| ');
    case 'object':
      return `\`{ ${Object.entries(d.shape ?? {})
        .map(([k, v]) => (defOf(v).type === 'optional' ? `${k}?` : k))
        .join(', ')} }\``;
    default:
      throw new Error(`the docs tool cannot describe a zod '${d.type}' schema`);
  }
}

function numberType(d: Def): string {
  const checks = (d.checks ?? []).map((c) => c._zod.def);
  const int = checks.some((c) => c.format === 'safeint');
  const min = checks.find((c) => c.check === 'greater_than');
  const base = int ? 'integer' : 'number';
  if (!min) return base;
  return `${base} ${min.inclusive ? '≥' : '>'} ${min.value}`;
}

/**
 * Every field under an object schema, depth first in the schema's order. A list's items are
 * `path[]`, a map's values `path.*`; a named schema (a step) is not entered.
 */
export function fieldsOf(s: z.ZodType, named: Named, prefix = ''): Field[] {
  const d = defOf(s);
  if (d.type === 'optional' || d.type === 'nullable') return fieldsOf(d.innerType as Schema, named, prefix);
  if (named(s)) return [];
  if (d.type === 'array') return fieldsOf(d.element as Schema, named, `${prefix}[]`);
  if (d.type === 'record') return fieldsOf(d.valueType as Schema, named, `${prefix}.*`);
  if (d.type !== 'object') return [];
  const out: Field[] = [];
  for (const [key, value] of Object.entries(d.shape ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    const optional = defOf(value).type === 'optional';
    const description = descriptionOf(value);
    out.push({ path, type: typeOf(value, named), required: !optional, ...(description ? { description } : {}) });
    out.push(...fieldsOf(value, named, path));
  }
  return out;
}

/** A schema's `.describe()`, or that of the schema an optional or nullable one wraps. */
function descriptionOf(s: z.ZodType): string | undefined {
  const d = defOf(s);
  if (s.description) return s.description;
  return d.type === 'optional' || d.type === 'nullable' ? descriptionOf(d.innerType as Schema) : undefined;
}

/** The options of a union, each an object schema. */
export const optionsOf = (s: z.ZodType): z.ZodType[] => defOf(s).options ?? [];
/** The fields an object schema declares, by name. */
export const shapeOf = (s: z.ZodType): Record<string, z.ZodType> => defOf(s).shape ?? {};
/** The value of a literal schema (a step's verb). */
export const literalOf = (s: z.ZodType): unknown => defOf(s).values?.[0];
/** The field a tagged union is told apart by, if it has one. */
export const discriminatorOf = (s: z.ZodType): string | undefined => defOf(s).discriminator;
