import { describe, expect, it } from 'vitest';
import { CHAT_COMMANDS, parseChatLine } from './parse-chat-line.js';

describe('parseChatLine', () => {
  it('reads each slash command, case-insensitively, with its argument trimmed', () => {
    expect(parseChatLine('/memory')).toEqual({ kind: 'memory' });
    expect(parseChatLine('/SKILLS  ')).toEqual({ kind: 'skills' });
    expect(parseChatLine('/why   use pandas for CSV ')).toEqual({ kind: 'why', text: 'use pandas for CSV' });
    expect(parseChatLine('/forget Acme Corp')).toEqual({ kind: 'forget', subject: 'Acme Corp' });
    expect(parseChatLine('/help')).toEqual({ kind: 'help' });
    expect(parseChatLine('/exit')).toEqual({ kind: 'exit' });
    expect(parseChatLine('/quit')).toEqual({ kind: 'exit' });
  });

  it('sends anything that is not a command to the model as typed (a path, a lone slash, prose)', () => {
    expect(parseChatLine('What is 6 times 7?')).toEqual({ kind: 'message', text: 'What is 6 times 7?' });
    expect(parseChatLine('/tmp/data.csv has how many rows?')).toEqual({ kind: 'message', text: '/tmp/data.csv has how many rows?' });
    expect(parseChatLine('/ not a command')).toEqual({ kind: 'message', text: '/ not a command' });
    expect(parseChatLine('//memory')).toEqual({ kind: 'message', text: '//memory' });
    expect(parseChatLine(' /remember this')).toEqual({ kind: 'message', text: '/remember this' });
  });

  it('says how to use a command given without its argument, and names an unknown one', () => {
    expect(parseChatLine('/why')).toMatchObject({ kind: 'usage', message: expect.stringContaining('/why TEXT') as string });
    expect(parseChatLine('/forget   ')).toMatchObject({ kind: 'usage', message: expect.stringContaining('/forget SUBJECT') as string });
    expect(parseChatLine('/remember this')).toEqual({ kind: 'unknown', name: '/remember' });
  });

  it('treats a blank line as nothing to do', () => {
    expect(parseChatLine('')).toEqual({ kind: 'empty' });
    expect(parseChatLine('  \t ')).toEqual({ kind: 'empty' });
  });

  it('lists in /help every command it parses', () => {
    const names = CHAT_COMMANDS.map(([usage]) => usage.split(' ')[0] ?? '');
    for (const n of names) expect(parseChatLine(`${n} x`).kind).not.toBe('unknown');
    expect(names).toEqual(['/memory', '/skills', '/why', '/forget', '/help', '/exit']);
  });
});
