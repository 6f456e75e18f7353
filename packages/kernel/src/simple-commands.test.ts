import { describe, expect, it } from 'vitest';
import { simpleCommands } from './simple-commands.js';

/** Why (issue 24): which files a call removes or needs is read from its simple commands; a misread word is a wrong warning. */
const words = (command: string) => simpleCommands(command).map((c) => c.words.map((w) => w.text));

describe('simpleCommands', () => {
  it('given separators, quotes and escapes, when read, then each simple command with its words unquoted', () => {
    expect(words(`rm 'a b.py' "c.py" d\\ e.py && ls -la | head -3; echo done\npython x.py || true`)).toEqual([
      ['rm', 'a b.py', 'c.py', 'd e.py'],
      ['ls', '-la'],
      ['head', '-3'],
      ['echo', 'done'],
      ['python', 'x.py'],
      ['true'],
    ]);
  });

  it('given redirects, when read, then files written and read are apart from the words; descriptors, heredoc delimiters and here-strings are not files', () => {
    const [c] = simpleCommands("python gen.py 2>&1 > out.txt < in.txt >>log.txt 2>/dev/null");
    expect(c?.words.map((w) => w.text)).toEqual(['python', 'gen.py']);
    expect(c?.into.map((w) => w.text)).toEqual(['out.txt', 'log.txt', '/dev/null']);
    expect(c?.from.map((w) => w.text)).toEqual(['in.txt']);
    const [h] = simpleCommands("cat <<'EOF' > repro.py\nimport os\nrm -rf /\nEOF");
    expect(h).toEqual({ words: [{ text: 'cat', literal: true }], into: [{ text: 'repro.py', literal: true }], from: [] });
    expect(simpleCommands('grep x <<< "$text"')[0]?.from).toEqual([]);
  });

  it('given a quote left open, when read, then no command: the shell refuses the whole line', () => {
    expect(simpleCommands("rm 'a.py b.py")).toEqual([]);
    expect(simpleCommands('ls && rm "a.py')).toEqual([]);
  });

  it('given words the shell would expand, when read, then they are marked not literal; single quotes keep them literal; comments are dropped', () => {
    const [c] = simpleCommands(`rm *.pyc $OUT "$HOME/x" ~/y {a,b}.py '$lit' plain # rm gone.py`);
    expect(c?.words.map((w) => [w.text, w.literal])).toEqual([
      ['rm', true],
      ['*.pyc', false],
      ['$OUT', false],
      ['$HOME/x', false],
      ['~/y', false],
      ['{a,b}.py', false],
      ['$lit', true],
      ['plain', true],
    ]);
  });
});
