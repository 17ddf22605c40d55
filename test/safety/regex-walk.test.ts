// The shared reader of rule expressions: what each construct reaches an analysis as. Folded here
// with an algebra that spells the tree out, so a misread construct shows in the string.
import { describe, expect, it } from 'vitest';
import { type RegexAlgebra, walkRegex } from '../../shared/safety/regex-walk.js';

const SPELL: RegexAlgebra<string> = {
  smallClass: 4,
  char: (c) => JSON.stringify(c),
  charClass: (members) => (members === null ? 'class?' : `class(${members.join('')})`),
  any: 'any',
  empty: 'empty',
  start: 'start',
  sequence: (items) => `seq(${[...items].join(' ')})`,
  alternation: (branches) => `alt(${branches.join(', ')})`,
  repeat: (atom, min, max) => `${atom}{${min},${max}}`,
};
const spell = (re: RegExp) => walkRegex(re, SPELL);

describe('walkRegex', () => {
  it('reads groups of every kind as their content, and lookarounds and assertions as nothing', () => {
    expect(spell(/(?:a|b)(c)(?<n>d)/g)).toBe('seq(alt(seq("a"), seq("b")) seq("c") seq("d"))');
    expect(spell(/^(?=x)(?!y)(?<=z)(?<!w)\b\B$/g)).toBe('seq(start empty empty empty empty empty empty empty)');
    expect(spell(/a||b/g)).toBe('alt(seq("a"), seq(), seq("b"))');
  });

  it('reads quantifiers greedy or lazy alike, and a brace that opens none as a literal', () => {
    expect(spell(/a?b*?c+d{2}e{1,}f{0,3}?/g)).toBe('seq("a"{0,1} "b"{0,Infinity} "c"{1,Infinity} "d"{2,2} "e"{1,Infinity} "f"{0,3})');
    expect(spell(/a{x}/g)).toBe('seq("a" "{" "x" "}")');
  });

  it('reads escapes as the characters they stand for, and class escapes and references as anything', () => {
    expect(spell(/\n\x41\u201c\.\|/g)).toBe('seq("\\n" "A" "“" "." "|")');
    expect(spell(/.\d\s\w(a)\1/g)).toBe('seq(any any any any seq("a") any)');
    // a reference's digits and name, and a control escape's letter, are part of the escape
    expect(spell(new RegExp('(a)\\12x', 'g'))).toBe('seq(seq("a") any "x")');
    expect(spell(/(?<n>a)\k<n>x/g)).toBe('seq(seq("a") any "x")');
    expect(spell(/\cAx/g)).toBe('seq(any "x")');
  });

  it('lists a class when it has at most smallClass members, and gives up on broad or negated ones', () => {
    expect(spell(/[sz][a-d][\b-]/g)).toBe('seq(class(sz) class(abcd) class(\b-))');
    expect(spell(/[a-e][abcde][^a][\sa][]/g)).toBe('seq(class? class? class? class? class?)');
  });

  it('leaves expressions with flags unread', () => {
    expect(spell(/a/gi)).toBeNull();
    expect(spell(/a/gu)).toBeNull();
    expect(spell(/a/y)).toBeNull();
    expect(spell(/a/g)).toBe('seq("a")');
  });
});
