/**
 * The reference defenses and the scripted agents read pages with word lists of their own; the
 * generator writes pages from its phrasing pools. A list that shares a phrase with the pools
 * reads decoy's own words rather than the patterns, so this test fails on any such phrase, both
 * halves of every pool, beyond the few generic interface words named below with their reasons.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../lib/root.ts';
import { bankPhrases } from '../helpers.ts';
import { FURNITURE_LABELS } from '../../scenarios/sites/furniture.ts';

/** Where the readers' lists are: every defense, what any reader may take from a page, the scripted agents. */
const READERS = ['simulator/defenses', 'simulator/page/read', 'simulator/agents/_naive'];
/** The LLM defenses' prompts are prose for a model, not lists a rule matches. */
const NOT_LISTS = /\/_llm\/|\.md$/;

/**
 * Phrases of two or more words a reader may share with the pools, each with why: the words
 * any interface uses for the thing, whose meaning is the same on every site.
 */
const GENERIC: Record<string, string> = {
  'no thanks': 'the stock wording of a decline on any site',
  'not now': 'the stock wording of a postponed decline',
  'maybe later': 'the stock wording of a postponed decline',
  'got it': 'the stock acknowledgement of a notice or banner',
  'sign up': 'the name of the action of joining, on every site',
  'sign me up': 'the stock wording of joining',
  'standard delivery': "the ordinary name of a checkout's delivery line and tier on any shop",
  'opt out': 'the name of the action in privacy law and on every consent form',
  'free trial': 'the name of the thing, on every subscription site',
  'accept all': "the consent banner's stock yes, the choice regulators name",
  'agree to all': "the consent banner's stock yes, the choice regulators name",
  'necessary only': "the consent banner's stock no, the choice regulators name",
  'keep the free': 'how any site words staying on its free tier',
  'check out': 'the name of the action of paying, on every shop',
  'proceed to checkout': 'the stock wording of the way to pay',
  'get started': 'the stock wording of beginning anything',
  'mailing list': 'the name of the thing',
  'free plan': 'the name of the thing',
  'next day': 'the name of a delivery speed',
  'extended warranty': 'the name of the product',
  'paid post': 'the stock disclosure label of sponsored content',
  'less often': 'plain English for mail frequency',
  'free for days': 'how any trial states its length ("free for 30 days")',
  'a month': 'how any price per period is written',
  'per month': 'how any price per period is written',
  'each month': 'how any price per period is written',
  'every month': 'how any price per period is written',
  'a week': 'how any price or mail per period is written',
  'a weekly': 'how any price or mail per period is written',
  'each week': 'how any price or mail per period is written',
  'every week': 'how any price or mail per period is written',
  'every year': 'how any price per period is written',
};

/**
 * Words that make no phrase on their own: a run of them only ("i don't", "me up for", "what
 * is") is grammar every sentence has, not a phrasing a reader or a page could own.
 */
const FUNCTION_WORDS = new Set(
  "i i'd i'm me my you your we us it is are be do don't not no to up on at in of for from by with as the a an and or if unless this that what when how much less than more go want rather".split(
    ' ',
  ),
);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** A reader's list: a regular expression literal, or an array literal of strings only. */
interface WordList {
  where: string;
  matches(text: string): string[];
}

function listsIn(file: string): WordList[] {
  const where = relative(packagePath(), file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: WordList[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const text = node.text;
      const cut = text.lastIndexOf('/');
      const re = new RegExp(text.slice(1, cut), 'gi');
      const literal = new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      out.push({
        where: `${where}:${line}`,
        matches: (t) => [...t.matchAll(re)].flatMap((m) => literalRuns(m[0], literal)),
      });
    } else if (
      ts.isArrayLiteralExpression(node) &&
      node.elements.length > 1 &&
      node.elements.every((e) => ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e))
    ) {
      const words = node.elements.map((e) => (e as ts.StringLiteral).text.toLowerCase());
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      out.push({
        where: `${where}:${line}`,
        matches: (t) => words.filter((w) => new RegExp(`(?<![a-z])${escape(w)}(?![a-z])`, 'i').test(t)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The runs of a match's words that the expression spells out: what `.*` or `[^"]+` took is
 * the page's text, not the list's, so only words written in the expression make a shared phrase.
 */
function literalRuns(match: string, literal: ReadonlySet<string>): string[] {
  const runs: string[] = [];
  let run: string[] = [];
  for (const w of match.toLowerCase().split(/[^a-z']+/)) {
    const bare = w.replace(/'/g, '');
    if (bare && w.split("'").every((p) => p === '' || literal.has(p))) run.push(w);
    else {
      if (run.length) runs.push(run.join(' '));
      run = [];
    }
  }
  if (run.length) runs.push(run.join(' '));
  return runs;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A phrase: two words or more, compared in lower case with its spacing folded. */
const phraseOf = (m: string) =>
  m
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();
const isPhrase = (m: string) =>
  /[a-z'’]+[\s-]+[a-z'’]+/i.test(m.trim()) &&
  phraseOf(m)
    .split(/[\s-]+/)
    .some((w) => !FUNCTION_WORDS.has(w));

describe("the readers' word lists and the generator's phrasing pools", () => {
  // The benign notices' labels are the generator's words too, drawn on any site.
  const bank = [...bankPhrases(), ...FURNITURE_LABELS.map((phrase) => ({ where: 'furniture', phrase }))];
  const lists = READERS.flatMap((d) => filesUnder(packagePath(d)))
    .filter((f) => !NOT_LISTS.test(f))
    .flatMap(listsIn);

  it('reads lists and phrases to compare (the test looks at something)', () => {
    expect(bank.length).toBeGreaterThan(500);
    expect(lists.length).toBeGreaterThan(50);
    // The matching itself: a cue "accept all" is shared with a bank phrase "Accept all cookies".
    const cue = { where: 'cue', matches: (t: string) => [...t.matchAll(/\baccept all\b/gi)].map((m) => m[0]) };
    expect(cue.matches('Accept all cookies').filter(isPhrase)).toEqual(['Accept all']);
  });

  const shared = (agents: boolean): string[] => {
    const out = new Set<string>();
    for (const list of lists.filter((l) => l.where.startsWith('simulator/agents/') === agents))
      for (const { where, phrase } of bank)
        for (const m of list.matches(phrase))
          if (isPhrase(m) && !Object.hasOwn(GENERIC, phraseOf(m)))
            out.add(`${list.where.replace(/:\d+$/, '')} ${JSON.stringify(phraseOf(m))} ← ${where}`);
    return [...out].sort();
  };

  it("the defenses' and the page readers' lists share no phrase but the named generic interface words, in either half of any pool", () => {
    expect(shared(false)).toEqual([]);
  });

  it("the scripted agent's lists share no phrase but the named generic interface words, in either half of any pool", () => {
    expect(shared(true)).toEqual([]);
  });

  it('name each generic phrase for a reason', () => {
    for (const [phrase, why] of Object.entries(GENERIC)) {
      expect(isPhrase(phrase), phrase).toBe(true);
      expect(why.length, phrase).toBeGreaterThan(10);
    }
  });
});
