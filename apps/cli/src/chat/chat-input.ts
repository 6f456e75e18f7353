import { createInterface, type Interface } from 'node:readline';

/** What the person did instead of typing a line. */
export type InputInterrupt = 'ctrl-c';

/** What `next` got: a line, the end of the input (Ctrl-D, end of a pipe), or a wait cut short (Ctrl-C). */
export type InputEvent = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'end' } | { readonly kind: 'interrupted' };

/**
 * The REPL's input, line by line, over node:readline: on a terminal with line editing and
 * history; from a pipe or file one line at a time (lines that arrive while a turn runs wait their
 * turn, so a script is answered in order). Ctrl-C never ends the process here: it is reported to
 * `onInterrupt` (readline's own SIGINT on a terminal, the process's signal otherwise).
 */
export class ChatInput {
  private readonly rl: Interface;
  private readonly queue: string[] = [];
  private waiter: ((event: InputEvent) => void) | null = null;
  private ended = false;
  private readonly sigint = () => this.onInterrupt('ctrl-c');

  constructor(
    private readonly interactive: boolean,
    private readonly onInterrupt: (what: InputInterrupt) => void,
  ) {
    this.rl = createInterface({ input: process.stdin, ...(interactive ? { output: process.stdout, terminal: true, historySize: 500 } : { terminal: false }) });
    this.rl.on('line', (line) => {
      const w = this.waiter;
      if (w === null) this.queue.push(line);
      else {
        this.waiter = null;
        w({ kind: 'line', text: line });
      }
    });
    this.rl.on('close', () => {
      this.ended = true;
      this.release({ kind: 'end' });
    });
    // On a terminal readline turns Ctrl-C into its own event; a signal (a pipe's Ctrl-C, `kill -INT`) arrives at the process.
    this.rl.on('SIGINT', this.sigint);
    process.on('SIGINT', this.sigint);
  }

  /** The next line (asked for with `prompt` on a terminal), the input's end, or an interrupted wait. */
  next(prompt: string): Promise<InputEvent> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve({ kind: 'line', text: queued });
    if (this.ended) return Promise.resolve({ kind: 'end' });
    if (this.interactive) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    }
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** True while `next` waits for the person (not while a turn runs). */
  get waiting(): boolean {
    return this.waiter !== null;
  }

  /** The text typed so far at the prompt (a terminal only). */
  get partial(): string {
    return this.interactive ? this.rl.line : '';
  }

  /** Clears the half-typed line and shows the prompt again (Ctrl-C over typed text, as shells do). */
  clearLine(): void {
    if (!this.interactive) return;
    this.rl.write(null, { ctrl: true, name: 'u' });
  }

  /** Answers the pending `next` with `event` (an interrupted wait, the end). */
  release(event: InputEvent): void {
    const w = this.waiter;
    this.waiter = null;
    w?.(event);
  }

  /** Shows the prompt again after something was printed under it. */
  reprompt(): void {
    if (this.interactive && this.waiter !== null) this.rl.prompt();
  }

  close(): void {
    process.off('SIGINT', this.sigint);
    this.rl.close();
  }
}
