import { EmbedderSettingError, SkillLabelError } from '@engram/hippocampus';
import { SubjectError } from '@engram/kernel';
import { EnvChoiceError } from '@engram/kernel/env';
import { LlmConfigError } from '@engram/llm';
import { TraceError } from '@engram/replay';
import { AccProfileError, ArgumentError, SessionLogError, StoreOpenError, StoreSettingError } from '@engram/runtime';
import { SimUsageError } from '@engram/sim';
import { PasswordFileError, StoreRefusal } from '@engram/store-postgres';
import { describe, expect, it } from 'vitest';
import { MemoryUsageError } from '@engram/runtime';
import { EXIT_CODES, exitCodeOf, type CliError } from './exit-code-of.js';

/** One error of every tag in `CliError` (and every reason of a tag whose reasons exit differently), with the exit code a user gets. */
const CASES: readonly (readonly [CliError, number])[] = [
  [new StoreSettingError({ reason: 'bad-tenant', setting: 'ENGRAM_TENANT', message: 'ENGRAM_TENANT: empty' }), 2],
  [new StoreOpenError({ reason: 'unreachable', message: 'connection refused' }), 3],
  [new StoreOpenError({ reason: 'refused', message: 'a superuser' }), 2],
  [new StoreOpenError({ reason: 'failed', message: 'a query failed' }), 1],
  [new SessionLogError({ reason: 'bad-id', message: '--session: not an id' }), 2],
  [new SessionLogError({ reason: 'no-log', message: 'no log of session s1' }), 1],
  [new SessionLogError({ reason: 'no-file', message: 'x.jsonl: no such file' }), 1],
  [new StoreRefusal({ reason: 'bypasses-rls', message: 'role postgres bypasses row-level security' }), 2],
  [new PasswordFileError({ reason: 'exists', file: 'pw', message: '--password-file pw: already exists' }), 2],
  [new EmbedderSettingError({ reason: 'missing-model', variable: 'ENGRAM_EMBED_MODEL', message: 'set ENGRAM_EMBED_MODEL' }), 2],
  [new EnvChoiceError('ENGRAM_ACC_MODE', 'loud', ['off', 'passive', 'active']), 2],
  [new LlmConfigError({ reason: 'unknown-provider', message: '--llm: unknown provider "x"' }), 2],
  [new AccProfileError({ reason: 'invalid', file: 'acc.json', message: 'acc.json: field "name": required' }), 2],
  [new ArgumentError({ reason: 'bad-scope', message: '--scope must be project or global' }), 2],
  [new MemoryUsageError({ reason: 'missing', message: '--to DIR is required' }), 2],
  [new SubjectError({ reason: 'too-short', message: 'the subject must have at least 3 characters' }), 2],
  [new SkillLabelError('Bad Label!', 'it has characters a label cannot have'), 2],
  [new TraceError({ reason: 'not-json', file: 't.json', message: 't.json: not valid JSON' }), 1],
  [new SimUsageError({ reason: 'bad-sweep', message: '--sweep acc.nope.x=1: no such detector' }), 2],
];

describe('exitCodeOf', () => {
  it.each(CASES.map(([e, code]) => [`${e._tag} ${e.reason}`, e, code] as const))('%s exits %i', (_name, error, code) => {
    expect(exitCodeOf(error)).toBe(code);
  });

  it('has an entry for every tag of the union, and the cases cover every entry', () => {
    expect(new Set(CASES.map(([e]) => e._tag))).toEqual(new Set(Object.keys(EXIT_CODES)));
  });

  it('a split entry has a code for each reason, and the cases cover them all', () => {
    for (const [tag, entry] of Object.entries(EXIT_CODES)) {
      if (typeof entry === 'number') continue;
      expect(new Set(CASES.filter(([e]) => e._tag === tag).map(([e]) => e.reason)), tag).toEqual(new Set(Object.keys(entry)));
    }
  });

  it('anything else exits 1: a plain Error, an unknown tag, an unknown reason, not an error at all', () => {
    expect(exitCodeOf(new Error('boom'))).toBe(1);
    expect(exitCodeOf(Object.assign(new Error('x'), { _tag: 'SomethingElse' }))).toBe(1);
    expect(exitCodeOf(Object.assign(new Error('x'), { _tag: 'StoreOpenError', reason: 'new-reason' }))).toBe(1);
    expect(exitCodeOf(Object.assign(new Error('x'), { _tag: 'toString' }))).toBe(1);
    expect(exitCodeOf('a string')).toBe(1);
    expect(exitCodeOf(null)).toBe(1);
  });
});
