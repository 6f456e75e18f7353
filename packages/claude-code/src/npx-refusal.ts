import { sep } from 'node:path';

/** The folder npm's `npx` (`npm exec`) installs packages it had to download into, under its cache: `<cache>/_npx/<hash>/node_modules`. */
export const NPX_CACHE_FOLDER = '_npx';

/**
 * Why a shell hook must not run from here, or null when it may: the hook's own code lives in
 * npx's download cache, so `npx engram hook ...` resolved `engram` from the registry instead of
 * an installed copy. Outside a project that installs engram, the name is whatever the registry
 * serves under it today; a hook runs on every tool call with the user's rights, so it must never
 * run code fetched at call time. `modulePath` is the running hook code's file; `env` adds what
 * npm says about how it was started, for the message.
 */
export const npxRefusal = (modulePath: string, env: NodeJS.ProcessEnv): string | null => {
  const parts = modulePath.split(/[\\/]/);
  if (!parts.includes(NPX_CACHE_FOLDER)) return null;
  const via = env['npm_command'] === 'exec' || /\bnpx\b|npm\//.test(env['npm_config_user_agent'] ?? '') ? 'npx' : "npx's cache";
  const where = parts.slice(0, parts.indexOf(NPX_CACHE_FOLDER) + 2).join(sep);
  return (
    `refusing to run through ${via}: this engram was downloaded into npx's cache (${where}), and a hook must never run code fetched at call time. ` +
    'Install engram (npm install --save-dev @engram/cli) and put the installed binary in the hook command: /abs/path/to/project/node_modules/.bin/engram hook <name> (docs/hooks.md). Nothing was recorded; the tool call goes ahead.'
  );
};
