import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../generator/render.ts';

describe('templates', () => {
  it('compile strictly: a misspelled field fails the build, naming the field, instead of rendering empty', () => {
    expect(() => compileTemplate('<h1>{{brandNme}}</h1>')({ brandName: 'Ember' })).toThrow(/brandNme/);
    expect(compileTemplate('<h1>{{brandName}}</h1>')({ brandName: 'Ember' })).toBe('<h1>Ember</h1>');
  });

  it('a misspelled field inside a partial fails too; an optional field read through {{#if}} may be missing', () => {
    expect(() => compileTemplate('{{> heading text="x" }}')({})).toThrow(/not defined/);
    expect(compileTemplate('{{#if label}}[{{label}}]{{/if}}')({})).toBe('');
  });
});
