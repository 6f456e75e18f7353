// Until main.ts registers `engram memory`, the e2e suite runs the built CLI through this
// launcher: the built program plus the built registerMemory, with main's exit-code mapping.
const { buildProgram } = await import('../../apps/cli/dist/main.js');
const { registerMemory } = await import('../../apps/cli/dist/commands/memory-command.js');
const program = buildProgram();
registerMemory(program);
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' });
  process.exitCode = typeof process.exitCode === 'number' ? process.exitCode : 0;
} catch (err) {
  const code = err && typeof err === 'object' && 'code' in err ? String(err.code) : '';
  if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') process.exitCode = 0;
  else if (code.startsWith('commander.')) process.exitCode = 2;
  else {
    process.stderr.write(`engram: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
