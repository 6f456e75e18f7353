/**
 * `engram log tail LOG | head -1`: the reader leaves early and the next write fails with EPIPE.
 * That is the reader's choice, not a failure of engram: every command then stops quietly (no stack
 * trace) with the exit code it had so far. A command with its own handler for a closed output (the
 * chat stores its session first) keeps it: this one steps aside while another listener is there.
 */
export const quietOnClosedOutput = (stream: NodeJS.WriteStream = process.stdout): void => {
  const onError = (err: NodeJS.ErrnoException): void => {
    if (err.code !== 'EPIPE') throw err;
    if (stream.listenerCount('error') > 1) return;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  };
  stream.on('error', onError);
};
