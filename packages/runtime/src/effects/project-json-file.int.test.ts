import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectJsonFile, type ProjectFileRead } from './project-json-file.js';

/** A counter file: the smallest record that shows the mechanism (merge under the lock, refuse an unreadable file). */
interface Count extends ProjectFileRead {
  readonly n: number;
}
const format = {
  name: 'count.json',
  empty: (problems: readonly string[]): Count => ({ n: 0, problems }),
  parse: (text: string, file: string): Count => {
    const n = (JSON.parse(text) as { n?: unknown }).n;
    return typeof n === 'number' ? { n, problems: [] } : { n: 0, problems: [`${file}: n: not a number`] };
  },
};
const project = (): { dir: string; root: string } => {
  const root = mkdtempSync(join(tmpdir(), 'engram-project-file-'));
  return { root, dir: join(root, '.engram') };
};
const add = (f: ProjectJsonFile<Count>, k: number): Promise<number> => f.change((c) => ({ text: JSON.stringify({ n: c.n + k }), result: c.n + k }));

describe('ProjectJsonFile', () => {
  it('reads an absent file as empty, and concurrent changes all land (none overwrites another)', async () => {
    const { dir, root } = project();
    const f = new ProjectJsonFile(dir, root, format);
    expect(f.read()).toEqual({ n: 0, problems: [] });
    await Promise.all(Array.from({ length: 8 }, (_, i) => add(new ProjectJsonFile(dir, root, format), i + 1)));
    expect(f.read()).toEqual({ n: 36, problems: [] });
  });

  it('never rewrites a file it cannot read back: the change is refused with a tagged error naming the file, and the file is kept', async () => {
    const { dir, root } = project();
    const f = new ProjectJsonFile(dir, root, format);
    await add(f, 1);
    writeFileSync(f.file, '{"n":"hand-edited"}');
    expect(f.read().problems).toEqual([`${f.file}: n: not a number`]);
    await expect(add(f, 1)).rejects.toMatchObject({ _tag: 'ProjectFileError', reason: 'unreadable', file: f.file, message: expect.stringContaining('nothing was written') as unknown });
    expect(readFileSync(f.file, 'utf8')).toBe('{"n":"hand-edited"}');
  });

  it('does not read or write through a symlink out of the project', async () => {
    const { dir, root } = project();
    const outside = join(mkdtempSync(join(tmpdir(), 'engram-outside-')), 'count.json');
    writeFileSync(outside, '{"n":5}');
    const f = new ProjectJsonFile(dir, root, format);
    await add(f, 1);
    const linked = new ProjectJsonFile(join(root, 'linked'), root, format);
    symlinkSync(join(outside, '..'), join(root, 'linked'));
    expect(linked.read().problems.length).toBe(1);
    await expect(add(linked, 1)).rejects.toThrow();
    expect(readFileSync(outside, 'utf8')).toBe('{"n":5}');
  });
});
