import { describe, expect, it } from 'vitest';
import { codeWords } from './code-words.js';

describe('codeWords', () => {
  it("given a script, when read, then its names and dotted names' parts are listed once each, in order", () => {
    const script = "import os\nfrom django.contrib.postgres import forms\nINSTALLED_APPS = ['reproduce_app']\nos.environ['X'] = '1'";
    expect(codeWords(script)).toEqual(['import', 'os', 'from', 'django.contrib.postgres', 'django', 'contrib', 'postgres', 'forms', 'INSTALLED_APPS', 'reproduce_app', 'os.environ', 'environ', 'X']);
  });

  it('given more names than the bound, then only the first ones', () => {
    expect(codeWords('a1 a2 a3 a4', 2)).toEqual(['a1', 'a2']);
  });
});
