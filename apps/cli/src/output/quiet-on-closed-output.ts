/**
 * `engram log tail LOG | head -1`: a reader that leaves early (EPIPE) ends the command quietly with
 * its exit code so far; any other failed write (a full disk) is one line on stderr and exit 1,
 * never a stack trace. A command with its own handler (the chat stores its session first) keeps it.
 */
export const quietOnClosedOutput = (stream: NodeJS.WriteStream = process.stdout): void => {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (stream.listenerCount('error') > 1) return;
    if (err.code !== 'EPIPE') process.stderr.write(`engram: could not write the output: ${err.message}\n`);
    process.exit(err.code !== 'EPIPE' ? 1 : typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
};
