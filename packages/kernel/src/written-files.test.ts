import { describe, expect, it } from 'vitest';
import { writtenFiles } from './written-files.js';

describe('writtenFiles', () => {
  it("given a heredoc into a script, when read, then the script's name and the call's length in lines are given (the body's words are not read for names)", () => {
    const command = "cat <<'EOF' > /testbed/reproduce.py\nimport os\nif a > b:\n    print(1)\nEOF";
    expect(writtenFiles('Bash', { command })).toEqual([{ name: 'reproduce.py', lines: 5 }]);
  });

  it('given redirects, tee and a Write, then each file written whole; descriptors, /dev/null, variables and edits in place are not', () => {
    expect(writtenFiles('Bash', { command: 'python gen.py > out.txt 2>&1 && echo x | tee -a log.txt' }).map((f) => f.name)).toEqual(['out.txt', 'log.txt']);
    expect(writtenFiles('Bash', { command: 'make 2>/dev/null >&2; echo hi > $OUT' })).toEqual([]);
    expect(writtenFiles('Bash', { command: "sed -i 's/a/b/' x.py" })).toEqual([]);
    expect(writtenFiles('Write', { file_path: '/repo/src/new.ts', content: 'a\nb\nc' })).toEqual([{ name: 'new.ts', lines: 3 }]);
    expect(writtenFiles('Edit', { file_path: '/repo/src/new.ts', old_string: 'a', new_string: 'b' })).toEqual([]);
  });
});
