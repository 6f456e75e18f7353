import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** How often the screen is read while waiting for something to appear. */
const POLL_MS = 100;

const tmuxProbe = spawnSync('tmux', ['-V'], { encoding: 'utf8' });
/** Whether Debian's tmux is installed (`.ci/run` installs it; a developer's machine may lack it). */
export const TMUX_PRESENT = tmuxProbe.status === 0;
export const TMUX_MISSING_REASON = 'tmux is not installed (apt-get install tmux)';

/**
 * A real terminal: one tmux pane of a fixed size running one command, on a private tmux server
 * (its own socket in the test's folder, so a user's sessions are never touched). Keys go in with
 * send-keys; the screen comes out with capture-pane, history included, escape codes stripped.
 */
export class TmuxPane {
  private readonly socket: string;

  constructor(
    dir: string,
    command: readonly string[],
    options: { readonly env: Readonly<Record<string, string>>; readonly cwd: string; readonly width?: number; readonly height?: number },
  ) {
    this.socket = join(dir, 'tmux.sock');
    // The server is started with exactly this environment: the pane's command inherits it.
    const started = spawnSync(
      'tmux',
      ['-S', this.socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'chat', '-x', String(options.width ?? 120), '-y', String(options.height ?? 40), '-c', options.cwd, ...command],
      { env: { ...options.env }, encoding: 'utf8' },
    );
    if (started.status !== 0) throw new Error(`tmux new-session failed: ${started.stderr}`);
    // The pane stays after the command exits, so its last screen can be read.
    this.tmux(['set-option', '-t', 'chat', 'remain-on-exit', 'on']);
    this.tmux(['set-option', '-t', 'chat', 'history-limit', '5000']);
  }

  private tmux(args: readonly string[]): string {
    const r = spawnSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  }

  /** Types text as keystrokes (literally), then Enter unless told not to. */
  type(text: string, enter = true): void {
    this.tmux(['send-keys', '-t', 'chat', '-l', text]);
    if (enter) this.tmux(['send-keys', '-t', 'chat', 'Enter']);
  }

  /** Sends a key by its tmux name (`C-c`, `C-d`, `Enter`). */
  key(name: string): void {
    this.tmux(['send-keys', '-t', 'chat', name]);
  }

  /** The whole screen and its scroll-back, as plain text. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-t', 'chat', '-S', '-5000']);
  }

  /** Whether the pane's command has exited (remain-on-exit keeps the pane). */
  exited(): boolean {
    return this.tmux(['display-message', '-p', '-t', 'chat', '#{pane_dead}']).trim() === '1';
  }

  /**
   * Polls the screen until `test` holds (a pattern, or a count of its matches), within `ms`;
   * throws with the screen as it was, so a failure shows what the user would have seen.
   */
  async waitFor(pattern: RegExp, ms: number, count = 1): Promise<string> {
    const until = Date.now() + ms;
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (;;) {
      const s = this.screen();
      if ((s.match(global) ?? []).length >= count) return s;
      if (Date.now() > until) throw new Error(`the screen did not show ${String(pattern)}${count > 1 ? ` ${count} times` : ''} within ${ms} ms; it showed:\n${s}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  async waitForExit(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.exited()) {
      if (Date.now() > until) throw new Error(`the command did not exit within ${ms} ms; the screen:\n${this.screen()}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  kill(): void {
    spawnSync('tmux', ['-S', this.socket, 'kill-server']);
  }
}
