import { describe, expect, it } from 'vitest';
import { classifyError } from './classify-error.js';
import type { ErrorClass } from './error-class.js';
import { ERROR_RULES } from './error-rules.js';
import { RECOVERY_HINTS } from './recovery-hints.js';

/** Realistic error texts from Python and Node, each with the class it must get. */
const CASES: readonly (readonly [ErrorClass, string])[] = [
  ['encoding', "UnicodeDecodeError: 'utf-8' codec can't decode byte 0x81 in position 12: invalid start byte"],
  ['encoding', 'Traceback (most recent call last):\n  File "<cell>", line 1, in <module>\n    open("x.cbl").read()\nUnicodeDecodeError: \'utf-8\' codec can\'t decode byte 0xc1'],
  ['encoding', 'TypeError [ERR_INVALID_CHAR]: Invalid character in header content'],
  ['path-not-found', "FileNotFoundError: [Errno 2] No such file or directory: 'data/sales.csv'"],
  ['path-not-found', "Error: ENOENT: no such file or directory, open '/tmp/report.json'"],
  ['path-not-found', 'cat: missing.txt: No such file or directory'],
  ['permission', "PermissionError: [Errno 13] Permission denied: '/etc/shadow'"],
  ['permission', "Error: EACCES: permission denied, open '/root/x'"],
  ['timeout', 'Cell timed out after 30s'],
  ['timeout', "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.x.com', port=443): Read timed out. (read timeout=5)"],
  ['timeout', 'Error: connect ETIMEDOUT 10.0.0.1:443'],
  ['size-limit', 'MemoryError'],
  ['size-limit', 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'],
  ['size-limit', 'RangeError: Invalid string length'],
  ['size-limit', 'RecursionError: maximum recursion depth exceeded while calling a Python object'],
  ['syntax', '  File "<cell>", line 3\n    print("x"\n         ^\nSyntaxError: \'(\' was never closed'],
  ['syntax', 'IndentationError: unexpected indent'],
  ['syntax', "SyntaxError: Unexpected token '}'"],
  ['missing-module', "ModuleNotFoundError: No module named 'pandas'"],
  ['missing-module', "ImportError: cannot import name 'foo' from 'bar' (/usr/lib/python3/bar.py)"],
  ['missing-module', "Error: Cannot find module 'lodash'\nRequire stack:\n- /work/x.js"],
  ['missing-module', "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'zod' imported from /work/x.mjs"],
  ['rate-limit', 'openai.RateLimitError: Error code: 429 - Rate limit reached for requests'],
  ['rate-limit', 'requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://api.x.com/v1'],
  ['auth', 'requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.x.com/v1'],
  ['auth', 'anthropic.AuthenticationError: Error code: 401 - invalid x-api-key'],
  ['auth', 'botocore.exceptions.NoCredentialsError: Unable to locate credentials'],
  ['network', 'Error: connect ECONNREFUSED 127.0.0.1:5432'],
  ['network', "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='x', port=443): Max retries exceeded (Caused by NewConnectionError: Failed to establish a new connection: [Errno -2] Name or service not known)"],
  ['network', 'TypeError: fetch failed'],
  ['unknown', "KeyError: 'price'"],
  ['unknown', 'ZeroDivisionError: division by zero'],
  ['unknown', ''],
];

describe('classifyError (the ordered rule table)', () => {
  it.each(CASES)('%s <- %s', (errorClass, text) => {
    expect(classifyError(text)).toEqual({ errorClass, hint: RECOVERY_HINTS[errorClass] });
  });

  it('gives every class a rule (except unknown) and a hint', () => {
    const ruled = new Set(ERROR_RULES.map((r) => r.errorClass));
    for (const c of Object.keys(RECOVERY_HINTS) as ErrorClass[]) {
      if (c !== 'unknown') expect(ruled.has(c), c).toBe(true);
      expect(RECOVERY_HINTS[c].length).toBeGreaterThan(40);
    }
  });

  it("judges a traceback by its final exception, not by words quoted from the code (a 'timeout=' argument)", () => {
    const text = [
      'Traceback (most recent call last):',
      '  File "<cell>", line 2, in <module>',
      '    r = requests.get(url, timeout=5)',
      'requests.exceptions.ConnectionError: Connection refused',
    ].join('\n');
    expect(classifyError(text).errorClass).toBe('network');
  });

  it('falls back to the whole text when the headline names no class', () => {
    expect(classifyError('Something failed\ncaused by: ENOENT reading config').errorClass).toBe('path-not-found');
  });
});
