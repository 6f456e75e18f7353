import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { readPrompt } from './read-prompt.js';
import { toolResultOutcome } from './tool-result-outcome.js';
import { withSystemText } from './with-system-text.js';
import { engramSystemText, MAX_TURN_NOTES, MEMORY_HEADING, NOTES_HEADING } from './engram-system-text.js';

const conversation: LanguageModelV3Prompt = [
  { role: 'system', content: 'You are helpful.' },
  { role: 'user', content: [{ type: 'text', text: 'first question' }] },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'read', input: { path: 'x' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'read', output: { type: 'text', value: 'old' } }] },
  { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
  { role: 'user', content: [{ type: 'text', text: 'second' }, { type: 'text', text: 'question' }] },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'b', toolName: 'publish', input: { target: 'q3' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'b', toolName: 'publish', output: { type: 'error-text', value: 'refused' } }] },
];

describe('readPrompt', () => {
  it('finds the last user message, the call inputs and which results belong to its turn', () => {
    const r = readPrompt(conversation);
    expect(r.endsWithUser).toBe(false);
    expect(r.userText).toBe('second\nquestion');
    expect(r.callInputs.get('b')).toEqual({ target: 'q3' });
    expect(r.results).toEqual([
      { id: 'a', name: 'read', ok: true, text: 'old', afterUser: false },
      { id: 'b', name: 'publish', ok: false, text: 'refused', afterUser: true },
    ]);
  });

  it('a prompt ending with a user message opens a turn', () => {
    const r = readPrompt(conversation.slice(0, 6));
    expect(r.endsWithUser).toBe(true);
    expect(r.results.every((x) => !x.afterUser)).toBe(true);
  });

  it('reads a prompt with no user message at all', () => {
    expect(readPrompt([{ role: 'system', content: 's' }])).toMatchObject({ endsWithUser: false, userText: '', results: [] });
  });
});

describe('toolResultOutcome', () => {
  it('counts thrown, error and denied results as failures, the rest as output', () => {
    expect(toolResultOutcome({ type: 'json', value: { n: 1 } })).toEqual({ ok: true, text: '{"n":1}' });
    expect(toolResultOutcome({ type: 'error-json', value: { code: 7 } })).toEqual({ ok: false, text: '{"code":7}' });
    expect(toolResultOutcome({ type: 'execution-denied' })).toEqual({ ok: false, text: 'the tool call was denied' });
    expect(toolResultOutcome({ type: 'execution-denied', reason: 'user said no' })).toEqual({ ok: false, text: 'user said no' });
    expect(toolResultOutcome({ type: 'content', value: [{ type: 'text', text: 'hi' }, { type: 'file-data', data: 'AAAA', mediaType: 'image/png' }] })).toEqual({ ok: true, text: 'hi\n[file-data]' });
  });
});

describe('withSystemText', () => {
  it('adds engram after the host system messages and leaves them as they are', () => {
    const out = withSystemText(conversation, 'ENGRAM');
    expect(out[0]).toBe(conversation[0]);
    expect(out[1]).toEqual({ role: 'system', content: 'ENGRAM' });
    expect(out.length).toBe(conversation.length + 1);
  });

  it('puts it first when the host has no system message, and adds nothing for empty text', () => {
    const bare = conversation.slice(1);
    expect(withSystemText(bare, 'ENGRAM')[0]).toEqual({ role: 'system', content: 'ENGRAM' });
    expect(withSystemText(bare, '  ')).toBe(bare);
  });
});

describe('engramSystemText', () => {
  it('gives the memory, then the latest notes of the turn, and nothing when there is nothing', () => {
    expect(engramSystemText('', [])).toBe('');
    const notes = Array.from({ length: MAX_TURN_NOTES + 3 }, (_, i) => `note ${i}\nline two`);
    const text = engramSystemText('- Always check the path', notes);
    expect(text.startsWith(`${MEMORY_HEADING}\n\n- Always check the path\n\n${NOTES_HEADING}`)).toBe(true);
    expect(text).not.toContain('note 2\n');
    expect(text).toContain(`- note ${MAX_TURN_NOTES + 2}\n  line two`);
  });
});
