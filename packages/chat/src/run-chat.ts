import { modelUnreachable, type LlmFlags } from '@engram/llm';
import type { EngramSession, TurnActivity, TurnOptions } from '@engram/runtime';
import { ChatInput, type InputEvent } from './chat-input.js';
import type { ChatHost, ChatIo, ChatRoots } from './chat-host.js';
import { CHAT_EXIT } from './chat-exit.js';
import { ChatScreen } from './chat-screen.js';
import { createActivityFormatter } from './format-activity.js';
import { forgetCommandLine } from './forget-command-line.js';
import { learnedLine } from './learned-line.js';
import { openChatSession } from './open-chat-session.js';
import { watchLearned, type LearnedWatch } from './watch-learned.js';
import { resumeCommandLine } from './resume-command-line.js';
import { CHAT_COMMANDS, parseChatLine } from './parse-chat-line.js';
import { copilotDecision, parseCopilotAnswer } from './parse-copilot-answer.js';

export interface ChatOptions {
  readonly project?: string;
  readonly home?: string;
  readonly resume?: string;
  readonly mode?: string;
  readonly roundCap?: number;
  /** The PostgreSQL store (`--store`, else `ENGRAM_STORE`); the files when neither is set. */
  readonly store?: string;
  readonly tenant?: string;
  /** The model flags (`--llm`, the two models, `--record`, `--timeout`), before the environment and the config files. */
  readonly llm?: LlmFlags;
}

const PROMPT = 'you> ';
const CONFIRM_PROMPT = 'Save to memory? (y/n/pick numbers) ';

/**
 * `engram chat`: a conversation with the configured model in a terminal, one turn per line, with
 * engram's memory, scratchpads and learning as in `engram run`. The answer streams as it comes, a
 * spinner runs while tools do, each tool call ends with one line, the ACC's nudges are shown,
 * Ctrl-C cancels the turn (twice at an empty prompt leaves), and in copilot mode the memories a
 * turn proposed are offered for confirmation right after its answer. Reads a pipe line by line.
 */
export const runChat = async (options: ChatOptions, host: ChatHost): Promise<number> => {
  const opened = await openChatSession(options, host.exitCodeOf);
  if (typeof opened === 'number') return opened;
  const { project, config, memoryMode, brain, session, lease, problems } = opened;
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const screen = new ChatScreen(interactive, process.env);
  const c = screen.color;
  let turn: AbortController | null = null;
  let interruptArmed = false;
  /** The worst failed turn of a scripted chat (exit codes grow with severity: 3 unreachable over 1 failed). */
  let turnFailure: number = CHAT_EXIT.ok;
  const input = new ChatInput(interactive, () => {
    if (turn !== null) {
      if (!turn.signal.aborted) {
        screen.stopSpinner();
        screen.note('^C cancelling the turn…');
        turn.abort(new Error('cancelled by the user (Ctrl-C)'));
      }
      return;
    }
    if (!input.waiting) {
      // Between a turn and the prompt (its learning being stored): as at an empty prompt, a hint
      // first, and a second Ctrl-C leaves once the learning is stored.
      if (interruptArmed) input.end();
      else {
        interruptArmed = true;
        screen.note('(Ctrl-C again, /exit or Ctrl-D to leave)');
      }
      return;
    }
    if (input.partial !== '') {
      input.clearLine();
      interruptArmed = false;
      return;
    }
    input.release({ kind: 'interrupted' });
  });
  // A reader that went away (`engram chat | head`, a `| tee` that Ctrl-C killed) ends the chat as
  // Ctrl-D would: the turn is cancelled and the session stored, instead of a crash on EPIPE.
  let outputGone = false;
  const onOutputError = (err: Error) => {
    if (outputGone) return;
    outputGone = true;
    process.stderr.write(`engram chat: the output was closed (${(err as NodeJS.ErrnoException).code ?? err.message}): leaving\n`);
    turn?.abort(new Error('the output was closed'));
    input.end();
  };
  process.stdout.on('error', onOutputError);
  const io: ChatIo = {
    out: (text) => screen.text(text),
    err: (text) => {
      screen.endLine();
      process.stderr.write(screen.safe(text));
    },
  };
  // The slash commands read the chat's own memory: its home, project and store (a `--store` flag too, not only ENGRAM_STORE).
  const roots: ChatRoots = {
    ...(options.home === undefined ? {} : { home: options.home }),
    project,
    ...(options.store === undefined ? {} : { store: options.store }),
    ...(options.tenant === undefined ? {} : { tenant: options.tenant }),
  };

  screen.note(`engram chat · session ${session.id}${options.resume === undefined ? '' : ' (resumed)'} · ${config.provider.type}${config.models.planning === undefined ? '' : ` ${config.models.planning}`} · memory ${memoryMode} · /help for commands, /exit to leave`);
  for (const p of problems) screen.note(`note: ${p}`);

  /** One line per entry stored since the last report, with the command that undoes it. */
  const reportLearned = async (watch: LearnedWatch): Promise<void> => {
    for (const entry of await watch.take()) screen.line(`${c.green('✚')} ${learnedLine(entry, roots, host.engram)}`);
  };

  /** One turn: the answer streamed, activity shown, Ctrl-C cancels; then what it stored, and copilot's question. */
  const talk = async (message: string): Promise<void> => {
    const watch = watchLearned(session, brain.stores.semantic);
    try {
      await turnAndLearn(message, watch);
    } finally {
      watch.stop();
    }
  };

  const turnAndLearn = async (message: string, watch: LearnedWatch): Promise<void> => {
    const controller = new AbortController();
    turn = controller;
    const format = createActivityFormatter();
    let streamed = false;
    const show = (a: TurnActivity) => {
      const view = format(a);
      screen.activity(view);
      if (view.kind !== 'running' && !controller.signal.aborted) screen.spin('thinking');
    };
    const pendingBefore = new Set((await session.pendingMemories()).map((p) => p.pendingId));
    const turnOptions: TurnOptions = {
      signal: controller.signal,
      onActivity: show,
      ...(options.roundCap === undefined ? {} : { roundCap: options.roundCap }),
      onText: (delta) => {
        streamed = true;
        screen.text(delta);
      },
    };
    screen.spin('thinking');
    let result;
    try {
      result = await session.turn(message, turnOptions);
    } finally {
      screen.stopSpinner();
      turn = null;
    }
    if (!streamed && result.answer !== '') screen.text(result.answer);
    screen.endLine();
    if (result.stopReason === 'cancelled') {
      screen.note('(turn cancelled: nothing was learned from it)');
      return;
    }
    if (result.error !== undefined) {
      screen.line(c.red(`the turn failed: ${result.error}`));
      // A script cannot read the screen: its exit says a turn failed (a person saw it).
      if (!interactive) turnFailure = Math.max(turnFailure, modelUnreachable(result.llmFailure) ? CHAT_EXIT.unreachable : CHAT_EXIT.failed);
    }
    if (result.stopReason === 'round_cap') screen.note('(the turn hit the round cap)');
    if (memoryMode === 'off') return;
    // End-of-turn learning stores (autopilot) or queues (copilot) what the turn taught: wait for it, so what it stored is said now.
    screen.spin('learning from the turn');
    try {
      await session.flushed();
    } catch (err) {
      screen.line(c.red(`storing what was learned failed: ${err instanceof Error ? err.message : String(err)}`));
    } finally {
      screen.stopSpinner();
    }
    await reportLearned(watch);
    if (memoryMode !== 'copilot') return;
    await confirm((await session.pendingMemories()).filter((p) => !pendingBefore.has(p.pendingId)));
    await reportLearned(watch);
  };

  /** Copilot: the new pending memories numbered, and the question answered in place. */
  const confirm = async (pending: Awaited<ReturnType<EngramSession['pendingMemories']>>): Promise<void> => {
    if (pending.length === 0) return;
    screen.line(c.bold(`${pending.length} memor${pending.length === 1 ? 'y' : 'ies'} to save:`));
    pending.forEach((p, i) => screen.line(`  ${i + 1}. ${c.dim(`(${p.engram.kind ?? 'lesson'}, ${p.engram.scope ?? 'project'})`)} ${p.engram.text}`));
    for (;;) {
      // Only an answer typed after the question: a line typed during the turn is the next message.
      const got = await input.next(CONFIRM_PROMPT, { fresh: true });
      if (!interactive && got.kind === 'line') screen.line(`${CONFIRM_PROMPT}${got.text}`);
      const answer = got.kind === 'line' ? parseCopilotAnswer(got.text, pending.length) : ({ kind: 'later' } as const);
      if (answer.kind === 'invalid') {
        screen.line(c.yellow(answer.message));
        if (got.kind === 'line') continue;
      }
      if (answer.kind === 'later' || answer.kind === 'invalid') {
        screen.note('left pending: engram memory pending list | accept | reject');
        return;
      }
      const decision = copilotDecision(answer, pending.map((p) => p.pendingId));
      const done = await session.confirmPending(decision);
      const nothing = done.accepted.length === 0 ? ': nothing was stored' : '';
      screen.note(`saved ${done.accepted.length}, rejected ${done.rejected.length}${done.unknown.length === 0 ? '' : `, ${done.unknown.length} no longer pending`}${nothing}`);
      return;
    }
  };

  const command = async (line: string): Promise<'exit' | 'go on'> => {
    const cmd = parseChatLine(line);
    switch (cmd.kind) {
      case 'empty':
        return 'go on';
      case 'message':
        await talk(cmd.text);
        return 'go on';
      case 'memory':
        await host.showMemory(roots, io);
        return 'go on';
      case 'skills':
        await host.listSkills(roots, io);
        return 'go on';
      case 'why':
        // The session's own encodings are read from its log: make what it buffered durable first.
        await session.flushed();
        await host.explain(cmd.text, roots, io);
        return 'go on';
      case 'forget':
        // Only the preview: forgetting rewrites event logs, and this session's log is open (docs/forget.md).
        await host.previewForget(cmd.subject, roots, io);
        screen.note(`to forget it, leave the chat and run: ${forgetCommandLine(cmd.subject, roots, host.engram)}`);
        return 'go on';
      case 'help':
        for (const [usage, what] of CHAT_COMMANDS) screen.line(`${c.bold(usage.padEnd(16))} ${what}`);
        screen.note('Ctrl-C cancels a running turn; anything else you type goes to the model.');
        return 'go on';
      case 'exit':
        return 'exit';
      case 'usage':
        screen.line(c.yellow(cmd.message));
        return 'go on';
      case 'unknown':
        screen.line(c.yellow(`unknown command ${cmd.name}: /help lists them (start a message with a space to send it as it is)`));
        return 'go on';
    }
  };

  let code: number = CHAT_EXIT.ok;
  try {
    for (;;) {
      const got: InputEvent = await input.next(PROMPT);
      if (got.kind === 'end') break;
      if (got.kind === 'interrupted') {
        if (interruptArmed || !interactive) break;
        interruptArmed = true;
        screen.note('(Ctrl-C again, /exit or Ctrl-D to leave)');
        continue;
      }
      interruptArmed = false;
      if (!interactive && got.text.trim() !== '') screen.line(`${PROMPT}${got.text}`);
      if ((await command(got.text)) === 'exit') break;
    }
  } catch (err) {
    screen.stopSpinner();
    process.stderr.write(`engram chat: ${err instanceof Error ? err.message : String(err)}\n`);
    code = CHAT_EXIT.failed;
  } finally {
    input.close();
    screen.endLine();
    try {
      // Suspended, not closed: an ended session cannot be resumed, and `--resume` must work after
      // any exit. settled() first stores what was learned and runs the habit loop, as close() would.
      await session.settled();
      await session.suspend();
    } catch (err) {
      process.stderr.write(`engram chat: storing what was learned failed: ${err instanceof Error ? err.message : String(err)}\n`);
      code = CHAT_EXIT.failed;
    }
    for (const p of session.problems()) process.stderr.write(`engram chat: ${p}\n`);
    process.stderr.write(`event log: ${session.eventLog}\nresume with: ${resumeCommandLine(session.id, { ...roots, ...(options.llm ?? {}), ...(options.mode === undefined ? {} : { mode: options.mode }) }, host.engram)}\n`);
    await lease?.();
    await brain.close();
    // Once the output is gone, writes already queued still fail later: the listener stays for them.
    if (!outputGone) process.stdout.off('error', onOutputError);
  }
  return Math.max(code, turnFailure);
};
