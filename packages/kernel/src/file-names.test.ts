import { describe, expect, it } from 'vitest';
import { fileNames } from './file-names.js';

/** Why (issue 24): a script an agent runs that no output of its turn named and it never wrote is not there; the names an output shows are what the turn has seen. */
describe('fileNames', () => {
  it('given a listing and a traceback, when read, then each file name with an extension once, without its folder', () => {
    const text = 'AUTHORS\nsetup.py  setup.cfg\ndjango/\n  File "/testbed/django/db/models/query.py", line 3\nrepro.py repro.py v1.2';
    expect(fileNames(text)).toEqual(['setup.py', 'setup.cfg', 'query.py', 'repro.py']);
  });

  it('given words without an extension, version numbers and sentence ends, then none of them', () => {
    expect(fileNames('Makefile tests/ 1.2 3.14 done. ok.')).toEqual([]);
  });
});
