import { storeSettings, StoreSettingError } from '@engram/runtime';

/**
 * Why the web app cannot serve with this environment's store, or null. The app reads the files
 * (the home and `<project>/.engram`); with a PostgreSQL store active it would show an empty or
 * stale picture of memory that lives elsewhere, so it says so and names what works instead.
 * `--html` reads the log files it is given and needs no store.
 */
export const viewStoreRefusal = (env: Readonly<Record<string, string | undefined>>): string | null => {
  try {
    if (storeSettings({}, { ...env }) === null) return null;
  } catch (err) {
    if (err instanceof StoreSettingError) return err.message;
    throw err;
  }
  return 'the web app shows the files, not a PostgreSQL store (ENGRAM_STORE is set): unset it to see this home and project, or draw a session of the store with `engram log export --session ID --out LOG` then `engram view --html FILE LOG`';
};
