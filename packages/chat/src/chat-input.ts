import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';

/** What the person did instead of typing a line. */
export type InputInterrupt = 'ctrl-c';

/** What `next` got: a line, the end of the input (Ctrl-D, end of a pipe), or a wait cut short (Ctrl-C). */
export type InputEvent = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'end' } | { readonly kind: 'interrupted' };

/** The streams the chat talks through (the process's; a test's own on a pretend terminal). */
export interface ChatStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream & { readonly columns?: number; on(event: 'resize', listener: () => void): unknown };
}

/**
 * readline's view of the terminal: everything it writes (the prompt, the echo of typed keys)
 * reaches the terminal only while a prompt is up. What is typed during a turn is kept, unseen,
 * so it never lands in the middle of the streamed answer or the spinner; it is shown after the
 * prompt when its turn comes (`next`), or on the prompt line if it was not finished.
 */
class PromptGate extends Writable {
  open = false;

  constructor(private readonly terminal: ChatStreams['output']) {
    super();
    terminal.on('resize', () => this.emit('resize'));
  }

  get columns(): number | undefined {
    return this.terminal.columns;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.open) this.terminal.write(chunk);
    done();
  }
}

/**
 * The REPL's input, line by line, over node:readline: on a terminal with line editing and
 * history; from a pipe or file one line at a time (lines that arrive while a turn runs wait their
 * turn, so a script is answered in order). Ctrl-C never ends the process here: it is reported to
 * `onInterrupt` (readline's own SIGINT on a terminal, the process's signal otherwise).
 */
export class ChatInput {
  private readonly rl: Interface;
  private readonly gate: PromptGate | null;
  private readonly queue: string[] = [];
  private waiter: ((event: InputEvent) => void) | null = null;
  private ended = false;
  /** The input ended (Ctrl-D) while no prompt was up, during a turn or its learning: said at the next prompt. */
  private endedUnseen = false;
  private readonly sigint = () => this.onInterrupt('ctrl-c');

  constructor(
    private readonly interactive: boolean,
    private readonly onInterrupt: (what: InputInterrupt) => void,
    private readonly streams: ChatStreams = { input: process.stdin, output: process.stdout },
  ) {
    this.gate = interactive ? new PromptGate(streams.output) : null;
    this.rl = createInterface({ input: streams.input, ...(this.gate !== null ? { output: this.gate, terminal: true, historySize: 500 } : { terminal: false }) });
    this.rl.on('line', (line) => {
      const w = this.waiter;
      if (w === null) this.queue.push(line);
      else {
        this.waiter = null;
        this.closeGate();
        w({ kind: 'line', text: line });
      }
    });
    this.rl.on('close', () => {
      if (this.waiter === null && !this.ended) this.endedUnseen = true;
      this.ended = true;
      this.release({ kind: 'end' });
    });
    // On a terminal readline turns Ctrl-C into its own event; a signal (a pipe's Ctrl-C, `kill -INT`) arrives at the process.
    this.rl.on('SIGINT', this.sigint);
    process.on('SIGINT', this.sigint);
  }

  /**
   * The next line (asked for with `prompt` on a terminal), the input's end, or an interrupted wait.
   * `fresh`: on a terminal, only a line typed after the prompt is shown answers it; what was typed
   * ahead during the turn stays queued for the next message (a question must not take a message
   * the person wrote before they saw it). A pipe is a script: its next line answers, as always.
   */
  next(prompt: string, options: { readonly fresh?: boolean } = {}): Promise<InputEvent> {
    const queued = options.fresh === true && this.interactive ? undefined : this.queue.shift();
    if (queued !== undefined) {
      // Typed ahead during a turn, unseen until now: shown as if typed at this prompt.
      if (this.interactive) this.streams.output.write(`${prompt}${queued}\n`);
      return Promise.resolve({ kind: 'line', text: queued });
    }
    if (this.ended) {
      // A Ctrl-D typed ahead: shown at its prompt and the line ended, as if typed there.
      if (this.endedUnseen && this.interactive) this.streams.output.write(`${prompt}\n`);
      this.endedUnseen = false;
      return Promise.resolve({ kind: 'end' });
    }
    if (this.gate !== null) {
      this.gate.open = true;
      this.rl.setPrompt(prompt);
      this.rl.prompt(true);
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

  /**
   * Answers the pending `next` with `event` (an interrupted wait, the end). On a terminal the
   * prompt's line is ended first, so what is written next (a hint, where the log is, the shell's
   * own prompt) starts on a line of its own.
   */
  release(event: InputEvent): void {
    const w = this.waiter;
    this.waiter = null;
    if (w === null) return;
    if (this.gate?.open === true) this.streams.output.write('\n');
    this.closeGate();
    w(event);
  }

  /** No more input is read (the output is gone): a waiting `next` and every later one get the end. */
  end(): void {
    this.queue.length = 0;
    this.ended = true;
    this.endedUnseen = false;
    this.release({ kind: 'end' });
  }

  close(): void {
    process.off('SIGINT', this.sigint);
    this.rl.close();
  }

  private closeGate(): void {
    if (this.gate !== null) this.gate.open = false;
  }
}
