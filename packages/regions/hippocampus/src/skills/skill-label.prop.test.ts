import fc from 'fast-check';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'vitest';
import { lookupProblem, skillLabelProblem } from './skill-label.js';
import { skillDir } from '../effects/skill-dir.js';

const ROOT = resolve('/srv/engram/skills');
/** Path-ish pieces mixed with ordinary characters, so hostile shapes come up often. */
const hostile = fc.array(fc.constantFrom('..', '.', '/', '\\', 'a', '-', 'b', '~', ':', 'C', '\u0000', ' ', '%2e'), { maxLength: 12 }).map((p) => p.join(''));
const anyText = fc.oneof(hostile, fc.string(), fc.string({ unit: 'grapheme' }));

describe('label validation never admits a path escaping the skills folder', () => {
  it('a label the validator accepts names a direct child of the root', () => {
    fc.assert(
      fc.property(anyText, (label) => {
        if (skillLabelProblem(label) !== null) return true;
        const dir = resolve(join(ROOT, label));
        const rel = relative(ROOT, dir);
        return rel === label && !rel.includes(sep) && !isAbsolute(rel) && rel !== '' && rel !== '..';
      }),
    );
  });
  it('skillDir refuses what the validator refuses and stays inside the root otherwise', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        let dir: string;
        try {
          dir = skillDir(ROOT, name);
        } catch {
          return true;
        }
        const rel = relative(ROOT, dir);
        return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) && !rel.includes(sep);
      }),
    );
  });
  it('a lookup the checker lets through has no path separators or dot segments', () => {
    fc.assert(fc.property(anyText, (input) => lookupProblem(input) !== null || (!/[/\\]/.test(input) && !input.includes('..'))));
  });
});
