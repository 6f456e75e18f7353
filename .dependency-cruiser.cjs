/**
 * Dependency rules from DESIGN.md, enforced by `npm test`:
 * - regions never import each other (they talk through events);
 * - nothing below the runtime (packages/*, regions) imports the runtime or the CLI;
 * - nothing but the CLI imports the CLI's sources (tests spawn the built CLI or import packages);
 * - the chat (@engram/chat) sits on top: it uses the runtime, llm, events and kernel, and no
 *   package imports it (the CLI runs it);
 * - no cycles;
 * - file system access (node:fs) only in effects/ folders and in @engram/fs, so pure code stays pure
 *   and every store writes through the one infrastructure (apps/cli and tests are exempt for now).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-region-imports',
      comment: 'Regions never import each other: anything one region learns that another needs travels as an event.',
      severity: 'error',
      from: { path: '^packages/regions/([^/]+)/' },
      to: { path: '^packages/regions/([^/]+)/', pathNot: '^packages/regions/$1/' },
    },
    {
      name: 'nothing-below-runtime-imports-it',
      comment: 'The runtime is the composition root; packages below it must not depend on it (the host adapters, claude-code, mcp and ai-sdk, the hook service, serve, the web app, view, and the benchmarks, bench, which open memory as a user does, sit on top of it).',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/(runtime|claude-code|replay|mcp|ai-sdk|serve|view|chat|bench)/' },
      to: { path: '^(packages/runtime|apps)/' },
    },
    {
      name: 'replay-folds-only-the-cores',
      comment: 'Replay folds the same cores a live session attaches (@engram/runtime/cores), and nothing else of the runtime: no effects, no sessions.',
      severity: 'error',
      from: { path: '^packages/replay/' },
      to: { path: '^packages/runtime/', pathNot: '^packages/runtime/src/cores/' },
    },
    {
      name: 'chat-uses-runtime-llm-events-kernel',
      comment: 'The chat is an app in a package: it drives sessions through the runtime and reaches no region, store or host adapter directly.',
      severity: 'error',
      from: { path: '^packages/chat/' },
      to: { path: '^packages/', pathNot: '^packages/(chat|runtime|llm|events|kernel)/' },
    },
    {
      name: 'nothing-below-imports-the-chat',
      comment: 'Only the CLI runs the chat; no library depends on it.',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/chat/' },
      to: { path: '^packages/chat/' },
    },
    {
      name: 'packages-never-import-apps',
      comment: 'Apps sit on top; libraries must stay usable without them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-imports-of-cli-sources',
      comment: 'apps/cli/src is the command line only: tests spawn the built CLI or import the packages that hold the logic, and libraries never reach into it.',
      severity: 'error',
      from: { path: '^(tests|packages|examples|scripts)/' },
      to: { path: '^apps/cli/src/' },
    },
    {
      name: 'fs-only-in-effects',
      comment: 'Packages touch the file system only in src/effects/ folders or through @engram/fs (the one place writers, locks and containment live). @engram/bench is a harness that makes and measures files: exempt, like the CLI.',
      severity: 'error',
      from: { path: '^packages/', pathNot: ['^packages/fs/', '^packages/bench/', '/effects/', '\\.test\\.ts$'] },
      to: { path: '^(node:)?fs(/promises)?$', dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      comment: 'Runtime import cycles make load order fragile; cycles made only of type imports vanish at run time and are allowed.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|^tests/fixtures/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    preserveSymlinks: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@engram/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
  },
};
