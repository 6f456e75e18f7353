import { describe, expect, it } from 'vitest';
import { parseStoreUrl } from './store-url.js';

describe('parseStoreUrl', () => {
  it('accepts postgres and postgresql URLs with a host and a database', () => {
    expect(parseStoreUrl('postgres://engram@127.0.0.1:5432/engram', '--store')).toEqual({ url: 'postgres://engram@127.0.0.1:5432/engram' });
    expect(parseStoreUrl('postgresql://a:b@db.internal/team', 'ENGRAM_STORE')).toHaveProperty('url');
  });

  it.each([
    ['', 'is not a URL'],
    ['sqlite:///tmp/x.db', 'only postgres://'],
    ['postgres://127.0.0.1:5432', 'needs a host and a database'],
    ['127.0.0.1:5432/db', 'is not a URL'],
  ])('refuses %j naming the setting and the form', (value, why) => {
    const r = parseStoreUrl(value, 'ENGRAM_STORE');
    expect(r).toHaveProperty('problem');
    const problem = (r as { problem: string }).problem;
    expect(problem).toContain('ENGRAM_STORE');
    expect(problem).toContain(why);
    expect(problem).toContain('postgres://USER@HOST:PORT/DB');
  });

  it('never echoes a password in the message', () => {
    const r = parseStoreUrl('mysql://root:s3cretpw@h/db', '--store') as { problem: string };
    expect(r.problem).not.toContain('s3cretpw');
  });
});
