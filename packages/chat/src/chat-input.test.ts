import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatInput, type ChatStreams } from './chat-input.js';

/** A pretend terminal: keys go in as bytes, everything written comes out as text. */
const terminal = () => {
  const input = new PassThrough();
  const output = new PassThrough() as PassThrough & { columns: number };
  output.columns = 120;
  let screen = '';
  output.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
  // readline's cursor moves (ESC [ n G, ESC [ 0 J) are left out: the text is what is checked.
  // eslint-disable-next-line no-control-regex
  return { streams: { input, output } as ChatStreams, keys: (s: string) => input.write(s), screen: () => screen.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '') };
};

/** Lets readline's keypress handling and the stream events run. */
const settle = () => new Promise((r) => setTimeout(r, 20));

const opened: ChatInput[] = [];
afterEach(() => {
  for (const i of opened.splice(0)) i.close();
});

const open = (t: ReturnType<typeof terminal>, onInterrupt: (input: ChatInput) => void = () => {}) => {
  const input: ChatInput = new ChatInput(true, () => onInterrupt(input), t.streams);
  opened.push(input);
  return input;
};

describe('ChatInput on a terminal', () => {
  it('ends the prompt\'s line when Ctrl-D ends the input, so what follows starts on a line of its own', async () => {
    const t = terminal();
    const input = open(t);
    const got = input.next('you> ');
    await settle();
    t.keys('\x04');
    expect(await got).toEqual({ kind: 'end' });
    expect(t.screen().endsWith('you> \n')).toBe(true);
  });

  it('ends the prompt\'s line when Ctrl-C interrupts the wait', async () => {
    const t = terminal();
    const input = open(t, (i) => i.release({ kind: 'interrupted' }));
    const got = input.next('you> ');
    await settle();
    t.keys('\x03');
    expect(await got).toEqual({ kind: 'interrupted' });
    expect(t.screen().endsWith('you> \n')).toBe(true);
  });

  it('does not echo what is typed during a turn; shows it after the prompt when its turn comes', async () => {
    const t = terminal();
    const input = open(t);
    const first = input.next('you> ');
    await settle();
    t.keys('My name is Ada\r');
    expect(await first).toEqual({ kind: 'line', text: 'My name is Ada' });
    // A turn runs: the answer is written meanwhile, and the person types ahead (a paste of two lines).
    t.streams.output.write('Nice to meet you, Ada.\n');
    t.keys('What is my name?\rand th');
    await settle();
    expect(t.screen()).not.toContain('What is my name?');
    expect(await input.next('you> ')).toEqual({ kind: 'line', text: 'What is my name?' });
    expect(t.screen()).toMatch(/Nice to meet you, Ada\.\nyou> What is my name\?\n$/);
    // The unfinished line comes back on the next prompt, where it can be edited and sent.
    const third = input.next('you> ');
    await settle();
    expect(t.screen()).toMatch(/you> and th$/);
    t.keys('ird\r');
    expect(await third).toEqual({ kind: 'line', text: 'and third' });
  });

  it('a Ctrl-D typed while no prompt is up (a turn, its learning) ends the input at the next prompt, on a line of its own', async () => {
    const t = terminal();
    const input = open(t);
    const first = input.next('you> ');
    await settle();
    t.keys('Hello\r');
    expect(await first).toEqual({ kind: 'line', text: 'Hello' });
    t.streams.output.write('Hi.\n');
    t.keys('\x04');
    await settle();
    expect(await input.next('you> ')).toEqual({ kind: 'end' });
    expect(t.screen().endsWith('Hi.\nyou> \n')).toBe(true);
  });

  it('end() answers a waiting next and every later one with the end', async () => {
    const t = terminal();
    const input = open(t);
    const got = input.next('you> ');
    await settle();
    input.end();
    expect(await got).toEqual({ kind: 'end' });
    expect(await input.next('you> ')).toEqual({ kind: 'end' });
  });
});
