import { describe, expect, it } from 'vitest';
import { npxRefusal } from './npx-refusal.js';

describe('npxRefusal', () => {
  it("refuses hook code that lives in npx's download cache, saying why and what to do instead", () => {
    const path = '/home/u/.npm/_npx/6a8d9c1e2f3b4a5d/node_modules/@engram/cli/dist/hook/run-hook.js';
    const why = npxRefusal(path, { npm_command: 'exec', npm_config_user_agent: 'npm/11.6.0 node/v20.20.0 linux x64 workspaces/false' });
    expect(why).toMatch(/^refusing to run through npx: this engram was downloaded into npx's cache \(\/home\/u\/\.npm\/_npx\/6a8d9c1e2f3b4a5d\)/);
    expect(why).toContain('a hook must never run code fetched at call time');
    expect(why).toContain('node_modules/.bin/engram hook <name>');
    expect(why).not.toContain('\n');
    expect(npxRefusal('C:\\Users\\u\\AppData\\Local\\npm-cache\\_npx\\ab12\\node_modules\\@engram\\cli\\dist\\hook\\run-hook.js', {})).toMatch(/^refusing to run through npx's cache/);
  });

  it('lets an installed engram run, npx or not: the project copy, a global install, the repository launcher', () => {
    for (const path of ['/work/project/node_modules/@engram/cli/dist/hook/run-hook.js', '/usr/lib/node_modules/@engram/cli/dist/hook/run-hook.js', '/src/engram/apps/cli/dist/hook/run-hook.js', '/src/my_npx_tools/engram/dist/hook/run-hook.js'])
      expect(npxRefusal(path, { npm_command: 'exec' })).toBeNull();
  });
});
