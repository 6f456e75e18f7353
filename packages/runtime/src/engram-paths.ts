// Where engram's files live is named in one place, @engram/fs; re-exported here so hosts that
// import it from the runtime keep working.
export { engramPaths, type EngramPaths } from '@engram/fs';
