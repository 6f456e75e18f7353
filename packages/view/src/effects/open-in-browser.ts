import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first `xdg-open` on PATH, or null: a headless machine has none, and then nothing is opened. */
const browserOpener = (): string | null => {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, 'xdg-open');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
};

/**
 * Opens `url` in the desktop's browser (`xdg-open`, detached), or says why not through `warn`: a
 * headless machine has no opener, and then nothing is opened.
 */
export const openInBrowser = (url: string, warn: (text: string) => void): void => {
  const opener = browserOpener();
  if (opener === null) warn('no xdg-open on PATH; open the URL above yourself');
  else spawn(opener, [url], { detached: true, stdio: 'ignore' }).on('error', (e) => warn(e.message)).unref();
};

