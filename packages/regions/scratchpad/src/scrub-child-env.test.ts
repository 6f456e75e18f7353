import { describe, expect, it } from 'vitest';
import { looksLikeSecretEnvName, scrubChildEnv } from './scrub-child-env.js';

const hostEnv = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/me',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  TMPDIR: '/tmp',
  ANTHROPIC_API_KEY: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz',
  OPENAI_API_KEY: 'sk-proj-abcdefghijklmnopqrstuvwxyz012345',
  AWS_ACCESS_KEY_ID: 'AKIAABCDEFGHIJKLMNOP',
  AWS_SECRET_ACCESS_KEY: 'abc',
  GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
  DB_PASSWORD: 'hunter2',
  MY_SECRET_THING: 'x',
  STRIPE_KEY: 'x',
  SLACK_TOKEN: 'x',
  NODE_OPTIONS: '--require ./evil.js',
  EDITOR: 'vim',
  ENGRAM_HOME: '/home/me/.engram',
  UNDEFINED_ONE: undefined,
};

describe('scrubChildEnv', () => {
  it('keeps only the allow-list from the inherited environment', () => {
    expect(scrubChildEnv(hostEnv)).toEqual({ PATH: '/usr/bin:/bin', HOME: '/home/me', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TMPDIR: '/tmp' });
  });

  it('passes extra variables, but never ones named or valued like secrets', () => {
    const env = scrubChildEnv(hostEnv, {
      DATASET: 'sales.csv',
      PYTHONUNBUFFERED: '1',
      API_KEY: 'plain',
      SERVICE_TOKEN: 'plain',
      INNOCENT: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz',
      DSN: 'postgres://user:pa55word@db/x',
      NOTHING: undefined,
    });
    expect(env).toMatchObject({ DATASET: 'sales.csv', PYTHONUNBUFFERED: '1' });
    expect(Object.keys(env)).not.toContain('API_KEY');
    expect(Object.keys(env)).not.toContain('SERVICE_TOKEN');
    expect(Object.keys(env)).not.toContain('INNOCENT');
    expect(Object.keys(env)).not.toContain('DSN');
    expect(Object.keys(env)).not.toContain('NOTHING');
  });

  it('drops an allow-listed variable whose value is a secret', () => {
    expect(scrubChildEnv({ HOME: '/home/me', TERM: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' })).toEqual({ HOME: '/home/me' });
  });

  it.each(['OPENAI_API_KEY', 'ANTHROPIC_BASE_URL', 'AWS_REGION', 'GITHUB_ACTIONS', 'GH_HOST', 'X_TOKEN', 'MY_SECRET', 'PGPASSWORD', 'NPM_CONFIG__AUTH', 'GOOGLE_APPLICATION_CREDENTIALS', 'HF_HOME', 'SSH_PRIVATE', 'ENGRAM_LLM', 'apikey'])(
    '%s looks like a secret',
    (name) => expect(looksLikeSecretEnvName(name)).toBe(true),
  );

  it.each(['PATH', 'HOME', 'LANG', 'TMPDIR', 'LC_CTYPE', 'PYTHONPATH', 'TERM'])('%s does not look like a secret', (name) => expect(looksLikeSecretEnvName(name)).toBe(false));
});
