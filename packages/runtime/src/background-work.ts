/**
 * Work a session starts after the answer (post-mortems, memory writes) that must not delay it,
 * but that `settled()` waits for. A failure is kept for the host to see, not lost.
 */
export class BackgroundWork {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly failures: Error[] = [];

  track(work: Promise<unknown>): void {
    const tracked = work.then(
      () => undefined,
      (err: unknown) => {
        this.failures.push(err instanceof Error ? err : new Error(String(err)));
      },
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  /** Resolves when all work, including work started by work, is done; rejects with the first failure. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
    const failure = this.failures.shift();
    if (failure) throw failure;
  }
}
