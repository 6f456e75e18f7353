import { describe, expect, it } from 'vitest';
import { listEdit } from './list-edit.js';

const [a, b, c, d, e, x, y] = ['a', 'b', 'c', 'd', 'e', 'x', 'y'].map((id) => ({ id }));

describe('listEdit', () => {
  it('finds the items kept at the start and at the end', () => {
    expect(listEdit([a, b, c, d], [x, a, b, c, d], 8)).toEqual({ head: 0, tail: 4 });
    expect(listEdit([a, b, c, d], [a, b, c, d, x], 8)).toEqual({ head: 4, tail: 0 });
    expect(listEdit([a, b, c, d, e], [a, b, x, y, d, e], 8)).toEqual({ head: 2, tail: 2 });
    expect(listEdit([a, b, c, d], [a, c, d], 8)).toEqual({ head: 1, tail: 2 });
  });

  it('compares objects, not their contents', () => {
    expect(listEdit([a, b, c], [{ id: 'a' }, b, c], 8)).toEqual({ head: 0, tail: 2 });
  });

  it('never counts an item as both head and tail', () => {
    expect(listEdit([a, a, a], [a, a], 8)).toEqual({ head: 2, tail: 0 });
  });

  it('gives up when more changed than the limit, or than was kept', () => {
    expect(listEdit([a, b, c, d], [x, y, c, d], 1)).toBeNull();
    expect(listEdit([a, b], [x, y, a], 8)).toBeNull();
    expect(listEdit([a, b, c], [a, b, c, x, y, d, e], 3)).toBeNull();
  });
});
