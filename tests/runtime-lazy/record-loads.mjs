// Preload with `node --import`: records every module the process imports and who imported it, one per line,
// in the file named by $ENGRAM_RECORD_LOADS. Loader hooks run on their own thread, so a file is the
// simplest way to get the list out.
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url, { data: { out: process.env.ENGRAM_RECORD_LOADS } });
