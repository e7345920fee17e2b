import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

/**
 * The house test's reader of source files, and the two walks it makes over their module graph.
 * It parses each file rather than matching its text, so that no spelling of an import (a
 * template literal, a require, the package's own name) passes unseen, and what it cannot
 * resolve it keeps as written rather than drops.
 */

/** What a module names: the files and folders it imports, and the loads whose target it computes. */
export interface Reading {
  /** Package paths (a folder ends in `/`); a specifier the package cannot resolve is kept as written. */
  imports: string[];
  /** Each load of a computed path, as `call(argument)`: no rule can see where it goes. */
  computed: string[];
}

/** The package's own name and its `exports` field, through which it may import itself. */
export interface Self {
  name: string;
  exports: unknown;
}

const CONDITIONS = new Set(['node', 'import', 'default']);

/** The file an `exports` entry names for Node, following conditions in the order written. */
function exported(entry: unknown): string | null {
  if (typeof entry === 'string') return normalize(entry);
  if (!entry || typeof entry !== 'object') return null;
  for (const [k, v] of Object.entries(entry)) if (CONDITIONS.has(k)) return exported(v);
  return null;
}

function subpath(self: Self, sub: string): string | null {
  const map = self.exports;
  const keyed = map && typeof map === 'object' && Object.keys(map).every((k) => k.startsWith('.'));
  return exported(keyed ? (map as Record<string, unknown>)[sub] : sub === '.' ? map : null);
}

const EXTERNAL = /^(?:node:|(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/|$))/i;

/** A specifier as a package path; null for another package or a built-in. */
export function target(file: string, spec: string, self: Self): string | null {
  if (/^\.\.?(?:\/|$)/.test(spec)) return normalize(join(dirname(file), spec));
  if (spec === self.name || spec.startsWith(`${self.name}/`))
    return subpath(self, `.${spec.slice(self.name.length)}`) ?? spec;
  return EXTERNAL.test(spec) ? null : spec;
}

const named = (n: ts.Node, name: string) =>
  (ts.isIdentifier(n) && n.text === name) || (ts.isPropertyAccessExpression(n) && n.name.text === name);

const isImportMeta = (n: ts.Node) => ts.isMetaProperty(n) && n.keywordToken === ts.SyntaxKind.ImportKeyword;
const isImportMetaUrl = (n: ts.Node) =>
  ts.isPropertyAccessExpression(n) && isImportMeta(n.expression) && n.name.text === 'url';

/** A string a URL resolves against its base: no scheme, not from the root. */
const isRelativeUrl = (spec: string) => !/^(?:[a-z][a-z\d+.-]*:|\/)/i.test(spec);

/** `new URL(<literal>, import.meta.url)`: the one way a module names a file beside it. */
const isModuleUrl = (n: ts.Node): n is ts.NewExpression =>
  ts.isNewExpression(n) &&
  named(n.expression, 'URL') &&
  !!n.arguments?.[1] &&
  isImportMetaUrl(n.arguments[1]) &&
  (ts.isStringLiteral(n.arguments[0] as ts.Node) || ts.isNoSubstitutionTemplateLiteral(n.arguments[0] as ts.Node));

/** Where a URL relative to the module goes, as a package path: a URL resolves `agents/` beside it, where an import would name a package. */
function urlTarget(file: string, spec: string, self: Self): string | null {
  return isRelativeUrl(spec) ? normalize(join(dirname(file), spec)) : target(file, spec, self);
}

const parse = (file: string, text: string) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS,
  );

const isCreateRequire = (n: ts.Node | undefined) =>
  !!n && ts.isCallExpression(n) && named(n.expression, 'createRequire');

/** The names a module gives the require functions it makes, wherever in it they are made. */
function requiresOf(src: ts.SourceFile): Set<string> {
  const out = new Set(['require']);
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && isCreateRequire(n.initializer)) out.add(n.name.text);
    if (ts.isBinaryExpression(n) && ts.isIdentifier(n.left) && isCreateRequire(n.right)) out.add(n.left.text);
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/** Reads one module's imports: static, type, dynamic, require (also through createRequire), tsx's tsImport, and `new URL(path, import.meta.url)` (resolved as a URL resolves it). */
export function readModule(file: string, text: string, self: Self): Reading {
  const src = parse(file, text);
  const out: Reading = { imports: [], computed: [] };
  const requires = requiresOf(src);
  const add = (spec: string) => {
    const t = target(file, spec, self);
    if (t !== null) out.imports.push(t);
  };
  const load = (call: ts.Node, arg: ts.Node | undefined) => {
    if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) add(arg.text);
    else out.computed.push(`${call.getText(src).split('(')[0]}(${arg?.getText(src) ?? ''})`.replace(/\s+/g, ' '));
  };
  const isRequire = (callee: ts.Node) =>
    (ts.isIdentifier(callee) && requires.has(callee.text)) || isCreateRequire(callee);
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier)
      add((n.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference))
      load(n, n.moduleReference.expression);
    else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal))
      add(n.argument.literal.text);
    else if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || isRequire(callee) || named(callee, 'tsImport'))
        load(n, n.arguments[0]);
    } else if (isModuleUrl(n)) {
      const t = urlTarget(file, (n.arguments?.[0] as ts.StringLiteral).text, self);
      if (t !== null) out.imports.push(t);
    } else if (
      ts.isNewExpression(n) &&
      named(n.expression, 'URL') &&
      n.arguments?.[1] &&
      isImportMetaUrl(n.arguments[1])
    )
      load(n, n.arguments[0]);
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/**
 * How a module names a place by itself, beside its imports: `own`, a file beside it as
 * `new URL('<literal>', import.meta.url)` (`to`: where it goes); `meta`, any other use of
 * `import.meta`; `relative`, a relative literal resolved against some other URL; `loader`,
 * loadFolder given anything but an `own` URL written in the call, or named otherwise than
 * by being called.
 */
export interface Place {
  kind: 'own' | 'meta' | 'relative' | 'loader';
  /** The expression, as written (white space collapsed). */
  text: string;
  to?: string;
}

export function placesOf(file: string, text: string, self: Self): Place[] {
  const src = parse(file, text);
  const out: Place[] = [];
  const say = (kind: Place['kind'], n: ts.Node, to?: string | null) =>
    out.push({ kind, text: n.getText(src).replace(/\s+/g, ' '), ...(to ? { to } : {}) });
  const visit = (n: ts.Node): void => {
    if (isModuleUrl(n)) {
      say('own', n, urlTarget(file, (n.arguments?.[0] as ts.StringLiteral).text, self));
      return;
    }
    if (isImportMeta(n)) say('meta', ts.isPropertyAccessExpression(n.parent) ? n.parent : n);
    else if (ts.isNewExpression(n) && named(n.expression, 'URL') && n.arguments?.[1]) {
      const [spec] = n.arguments;
      if (spec && (ts.isStringLiteral(spec) || ts.isNoSubstitutionTemplateLiteral(spec)) && isRelativeUrl(spec.text))
        say('relative', n);
    } else if (ts.isCallExpression(n) && named(n.expression, 'loadFolder')) {
      if (!n.arguments[1] || !isModuleUrl(n.arguments[1])) say('loader', n);
      n.arguments.forEach(visit);
      return;
    } else if (ts.isImportSpecifier(n) && (n.propertyName ?? n.name).text === 'loadFolder') {
      if (n.propertyName) say('loader', n);
      return;
    } else if (
      (ts.isIdentifier(n) && n.text === 'loadFolder' && !ts.isPropertyAccessExpression(n.parent)) ||
      (ts.isPropertyAccessExpression(n) && n.name.text === 'loadFolder') ||
      ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && n.text === 'loadFolder')
    ) {
      say('loader', n);
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

/** The names a module defines at its top level, in every form, exported or not, and the names it exports its own under. */
export function definitionsOf(file: string, text: string): string[] {
  const src = parse(file, text);
  const own: string[] = [];
  for (const s of src.statements) {
    if (ts.isVariableStatement(s)) own.push(...s.declarationList.declarations.flatMap((d) => bindingNames(d.name)));
    else if (
      (ts.isFunctionDeclaration(s) ||
        ts.isClassDeclaration(s) ||
        ts.isEnumDeclaration(s) ||
        ts.isModuleDeclaration(s)) &&
      s.name &&
      ts.isIdentifier(s.name)
    )
      own.push(s.name.text);
  }
  const aliases = src.statements.flatMap((s) =>
    ts.isExportDeclaration(s) && !s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause)
      ? s.exportClause.elements
          .filter((e) => e.propertyName && own.includes(e.propertyName.text))
          .map((e) => e.name.text)
      : [],
  );
  return [...new Set([...own, ...aliases])];
}

/** Everything a module imports, through any chain of imports. */
export function reach(g: ReadonlyMap<string, readonly string[]>, from: string, seen = new Set<string>()): Set<string> {
  for (const to of g.get(from) ?? []) if (!seen.has(to)) reach(g, to, seen.add(to));
  return seen;
}

/** The import circles of a module graph: its strongly connected components of more than one file (Tarjan). */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) circles.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return circles;
}
