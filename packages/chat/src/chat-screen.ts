import pc from 'picocolors';
import yoctoSpinner, { type Spinner } from 'yocto-spinner';
import type { ActivityView } from './format-activity.js';
import { terminalSafe } from './terminal-safe.js';

type Colors = ReturnType<typeof pc.createColors>;

/** Colours only on a terminal, and never when NO_COLOR is set to anything (no-color.org). */
const colorsWanted = (isTty: boolean, env: Readonly<Record<string, string | undefined>>): boolean => isTty && (env['NO_COLOR'] ?? '') === '';

/**
 * What `engram chat` writes: the streamed answer, a spinner while the model thinks or a tool
 * runs, one line per finished tool call, nudges and notes. On a terminal the spinner is
 * yocto-spinner's and colours are picocolors'; anywhere else (a pipe, a file) the output is plain
 * lines with no spinner and no escape codes, so scripts can read it.
 */
export class ChatScreen {
  readonly color: Colors;
  private spinner: Spinner | null = null;
  private atLineStart = true;
  private readonly colours: boolean;

  constructor(
    private readonly interactive: boolean,
    env: Readonly<Record<string, string | undefined>>,
  ) {
    this.colours = colorsWanted(interactive, env);
    this.color = pc.createColors(this.colours);
  }

  /**
   * Writes text as it comes (the streamed answer); the spinner makes way for it. Everything
   * written goes through here, and the model's, tools' and memory's text is data: its control
   * characters are shown, never obeyed (only colour passes, and only when colours are on).
   */
  text(chunk: string): void {
    const safe = terminalSafe(chunk, this.colours);
    if (safe === '') return;
    this.stopSpinner();
    process.stdout.write(safe);
    this.atLineStart = safe.endsWith('\n');
  }

  /** The same care for what goes to stderr (a command's complaint quoting the user's text). */
  safe(text: string): string {
    return terminalSafe(text, this.colours);
  }

  /** Ends the current line if text was left on it. */
  endLine(): void {
    if (!this.atLineStart) this.text('\n');
  }

  /** A whole line (ends any partial one first). */
  line(text: string): void {
    this.endLine();
    this.text(`${text}\n`);
  }

  /** A quieter line (dimmed on a terminal): notes, hints, where things are. */
  note(text: string): void {
    this.line(this.color.dim(text));
  }

  /** Shows the spinner with `text` on a terminal; nothing elsewhere. */
  spin(raw: string): void {
    if (!this.interactive) return;
    // A running tool's summary is the model's text: shown, never obeyed, as everywhere else.
    const text = this.safe(raw);
    this.endLine();
    if (this.spinner === null) this.spinner = yoctoSpinner({ text, stream: process.stdout, handleSignals: false }).start();
    else this.spinner.text = text;
  }

  stopSpinner(): void {
    this.spinner?.stop();
    this.spinner = null;
  }

  /** Shows one activity of the turn. */
  activity(view: ActivityView): void {
    switch (view.kind) {
      case 'running':
        if (this.interactive) this.spin(view.text);
        return;
      case 'finished': {
        const mark = view.ok ? this.color.green('✔') : this.color.red('✖');
        const text = view.ok ? view.text : this.color.red(view.text);
        this.stopSpinner();
        this.line(this.interactive ? `${mark} ${text}` : `tool: ${view.text}`);
        return;
      }
      case 'nudge':
        this.stopSpinner();
        this.line(this.color.yellow(`⚑ ${view.text}`));
        return;
      case 'note':
        this.stopSpinner();
        this.note(view.text);
        return;
    }
  }
}
