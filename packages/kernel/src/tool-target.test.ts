import { describe, expect, it } from 'vitest';
import { toolTarget } from './tool-target.js';

describe('toolTarget', () => {
  it('reads the most specific field that names a resource', () => {
    expect(toolTarget({ path: 'src/a.cbl', name: 'main' })).toBe('src/a.cbl');
    expect(toolTarget({ file_path: ' /tmp/x.csv ' })).toBe('/tmp/x.csv');
    expect(toolTarget({ url: 'https://example.com/a' })).toBe('https://example.com/a');
    expect(toolTarget({ action: 'exec', name: 'main' })).toBe('main');
    expect(toolTarget({ command: 'ls -la' })).toBe('ls -la');
  });

  it('is null when the input names nothing', () => {
    for (const input of [null, undefined, 'path', 42, ['a'], {}, { path: '   ' }, { path: 7 }, { other: 'x' }]) expect(toolTarget(input)).toBeNull();
  });

  it('cuts a pasted document to a target-sized prefix', () => {
    expect(toolTarget({ path: 'x'.repeat(500) })).toHaveLength(200);
  });
});
