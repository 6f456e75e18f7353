import { readFile } from 'node:fs/promises';
import { parseWhatIfParams, type WhatIfParams } from '../parse-what-if-params.js';

/** The `--params` file cannot be read at all (missing, a folder, no permission): named with the reason. */
export class WhatIfFileError extends Error {
  override name = 'WhatIfFileError';
}

/**
 * A what-if file (`engram replay --params FILE`), read and parsed: a `WhatIfFileError` when it
 * cannot be read, a `WhatIfParamsError` naming the field when its content is not what-if params.
 */
export const readWhatIfParams = async (file: string): Promise<WhatIfParams> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new WhatIfFileError(`cannot read --params ${file}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return parseWhatIfParams(text, file);
};
