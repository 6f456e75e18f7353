import { lstatSync, type BigIntStats } from 'node:fs';

/**
 * `lstat` of a path that may be a socket, through Node's bigint stat buffer. Node (20.x) keeps the
 * last plain stat's result in one shared buffer, and its own `realpathSync`, which the module
 * loaders call, reads the file type from that buffer for paths it has cached: after a plain stat
 * of a socket it stops resolving halfway, and the next `import()` of a package behind pnpm's
 * links fails (`Cannot find module 'graceful-fs'`, or a long-running service's late
 * `Cannot find package 'pg-types'`). The bigint variant fills another buffer and leaves that one
 * alone (nodejs/node#51142, open). Throws as `lstatSync` does (ENOENT when nothing is there).
 */
export const lstatSocket = (path: string): BigIntStats => lstatSync(path, { bigint: true });
