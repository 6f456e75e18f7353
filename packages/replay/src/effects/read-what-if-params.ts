import { readFile } from 'node:fs/promises';
import { parseWhatIfParams, WhatIfParamsError, type WhatIfParams } from '../parse-what-if-params.js';

/**
 * A what-if file (`engram replay --params FILE`), read and parsed: a `WhatIfParamsError`: `unreadable`
 * when it cannot be read, `invalid` naming the field when its content is not what-if params.
 */
export const readWhatIfParams = async (file: string): Promise<WhatIfParams> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new WhatIfParamsError({ reason: 'unreadable', file, message: `cannot read --params ${file}: ${err instanceof Error ? err.message : String(err)}`, cause: err });
  }
  return parseWhatIfParams(text, file);
};
