import { describe, expect, it } from 'vitest';
import { StoreSettingError, storeSettings } from './store-settings.js';

const URL = 'postgres://u@127.0.0.1:5432/db';

describe('storeSettings: the one parser of ENGRAM_STORE and ENGRAM_TENANT', () => {
  it('is the files when no store is set, whatever the tenant variable holds', () => {
    expect(storeSettings({}, {})).toBeNull();
    expect(storeSettings({}, { ENGRAM_STORE: '', ENGRAM_TENANT: '' })).toBeNull();
  });

  it('takes the tenant from the flag, then the variable, then `default` when unset', () => {
    expect(storeSettings({}, { ENGRAM_STORE: URL })).toMatchObject({ url: URL, tenant: 'default' });
    expect(storeSettings({}, { ENGRAM_STORE: URL, ENGRAM_TENANT: 'acme' })).toMatchObject({ tenant: 'acme' });
    expect(storeSettings({ tenant: 'globex' }, { ENGRAM_STORE: URL, ENGRAM_TENANT: 'acme' })).toMatchObject({ tenant: 'globex' });
  });

  it('refuses an empty ENGRAM_TENANT by name (exit 2 in the CLI), never falling back to `default`', () => {
    expect(() => storeSettings({}, { ENGRAM_STORE: URL, ENGRAM_TENANT: '' })).toThrow(StoreSettingError);
    expect(() => storeSettings({}, { ENGRAM_STORE: URL, ENGRAM_TENANT: '' })).toThrow(/^ENGRAM_TENANT: /);
    expect(() => storeSettings({ tenant: '' }, { ENGRAM_STORE: URL })).toThrow(/^--tenant: /);
  });

  it('names the setting for a store that is not PostgreSQL and for a tenant without a store', () => {
    expect(() => storeSettings({}, { ENGRAM_STORE: 'mysql://u@127.0.0.1/db' })).toThrow(/ENGRAM_STORE/);
    expect(() => storeSettings({ store: 'sqlite:///x' }, {})).toThrow(/--store/);
    expect(() => storeSettings({ tenant: 'acme' }, {})).toThrow(/--tenant needs a store/);
  });
});

describe('StoreSettingError: the tag, the reason and the setting to fix', () => {
  it.each([
    [{ tenant: 't' }, {}, 'tenant-without-store', '--tenant'],
    [{ store: 'mysql://x' }, {}, 'bad-url', '--store'],
    [{}, { ENGRAM_STORE: 'sqlite:x' }, 'bad-url', 'ENGRAM_STORE'],
    [{}, { ENGRAM_STORE: URL, ENGRAM_TENANT: '' }, 'bad-tenant', 'ENGRAM_TENANT'],
    [{ store: URL, tenant: 'Bad Name' }, {}, 'bad-tenant', '--tenant'],
    [{}, { ENGRAM_STORE: URL, ENGRAM_ALLOW_UNISOLATED: 'maybe' }, 'bad-switch', 'ENGRAM_ALLOW_UNISOLATED'],
  ] as const)('%j %j: %s naming %s', (flags, env, reason, setting) => {
    expect(() => storeSettings(flags, env)).toThrow(expect.objectContaining({ _tag: 'StoreSettingError', reason, setting }));
    expect(() => storeSettings(flags, env)).toThrow(StoreSettingError);
  });
});
