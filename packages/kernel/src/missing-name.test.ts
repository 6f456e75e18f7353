import { describe, expect, it } from 'vitest';
import { missingName } from './missing-name.js';

describe('missingName', () => {
  it.each([
    ["ModuleNotFoundError: No module named 'psycopg2'", 'psycopg2'],
    ["E       ModuleNotFoundError: No module named 'reproduce_app.models'", 'reproduce_app.models'],
    ['/usr/bin/python3: No module named pytest', 'pytest'],
    ["ImportError: cannot import name 'SplitArrayWidget' from 'django.contrib.postgres.forms'", 'SplitArrayWidget'],
    ['bash: line 1: tox: command not found', 'tox'],
    ['/bin/sh: 1: flake8: not found', 'flake8'],
    ['zsh: command not found: rg', 'rg'],
    ["Error: Cannot find module 'left-pad'", 'left-pad'],
  ])('given the error line %j, when read, then the missing name is %j', (line, name) => {
    expect(missingName(line)).toBe(name);
  });

  it('given error lines that name nothing missing (a file, a failed assertion, a bare "not found"), then none', () => {
    expect(missingName("rm: cannot remove 'x.py': No such file or directory")).toBeNull();
    expect(missingName('AssertionError: 1 != 2')).toBeNull();
    expect(missingName('404 not found')).toBeNull();
    expect(missingName("No module named 'x'")).toBeNull();
  });
});
