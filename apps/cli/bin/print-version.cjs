// `engram --version`: the version of the package this file belongs to, read beside it and written
// with one system call. bin/engram runs this file alone (no ES module loader, no output stream:
// ~3 ms over `node -e 0`); bin/engram.js loads it for the same command line. A reader that left
// (EPIPE) or no output at all (EBADF) ends it quietly; any other failed write (a full disk) is one
// line on stderr and exit 1, never a success.
'use strict';
const { readFileSync, writeSync } = require('node:fs');
const { join } = require('node:path');

const line = `${JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version}\n`;
try {
  writeSync(1, line);
} catch (err) {
  if (err.code !== 'EPIPE' && err.code !== 'EBADF') {
    writeSync(2, `engram: could not write the version: ${err.message}\n`);
    process.exitCode = 1;
  }
}
