import ts from 'typescript';

/**
 * The compiler's own diagnostics, reported by the lint: the type-aware lint already builds the
 * whole TypeScript program of tsconfig.json (`parserOptions.project`), and a separate `tsc
 * --noEmit` built it a second time (52 s of CPU of the 174 s the two took on this 2-core machine).
 * typescript-eslint forces `noUnusedLocals`/`noUnusedParameters` on its program for its own rule;
 * tsconfig.json leaves them off (`@typescript-eslint/no-unused-vars` judges unused names), so
 * their diagnostics are left out here.
 */
const FORCED_BY_THE_LINT = new Set([6133, 6138, 6192, 6196, 6198, 6199, 6205]);

/** Option and global diagnostics belong to no file: the first file linted reports them. */
let programWideReported = false;

const at = (d) => {
  if (d.file === undefined || d.start === undefined) return { line: 1, column: 0 };
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return { line: line + 1, column: character };
};

export default {
  meta: { type: 'problem', docs: { description: 'TypeScript compiler errors (what `tsc --noEmit -p tsconfig.json` reports)' }, schema: [] },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (program === undefined || program === null) return {};
    return {
      Program(node) {
        const file = services.esTreeNodeToTSNodeMap.get(node);
        const found = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        if (!programWideReported) {
          programWideReported = true;
          found.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
        }
        for (const d of found) {
          if (d.category !== ts.DiagnosticCategory.Error || FORCED_BY_THE_LINT.has(d.code)) continue;
          context.report({ loc: { start: at(d), end: at(d) }, message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}` });
        }
      },
    };
  },
};
