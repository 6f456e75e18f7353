import { describe, expect, it } from 'vitest';
import { orderSteps, runFallbackChain, type FallbackStep } from './fallback-chain.js';

const step = (name: string, result: string | Error): FallbackStep<string, string> => ({
  name,
  run: (input) => {
    if (result instanceof Error) throw result;
    return `${result}:${input}`;
  },
});

describe('runFallbackChain', () => {
  it('stops at the first step that works and records every attempt', async () => {
    const out = await runFallbackChain([step('utf-8', new Error("'utf-8' codec can't decode byte 0x9c")), step('latin-1', 'text'), step('never', 'x')], 'a.cbl');
    expect(out).toEqual({
      ok: true,
      value: 'text:a.cbl',
      worked: 'latin-1',
      attempts: [
        { step: 'utf-8', ok: false, error: "Error: 'utf-8' codec can't decode byte 0x9c" },
        { step: 'latin-1', ok: true, error: '' },
      ],
    });
  });

  it('lists each failure when every step fails, and scrubs secrets', async () => {
    const out = await runFallbackChain([step('a', new Error('timeout after 30s')), step('b', new Error('token sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789 rejected'))], 'x');
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.worked).toBeNull();
    expect(out.error).toBe('every fallback step failed: a: Error: timeout after 30s; b: Error: token [REDACTED:anthropic-key] rejected');
    expect(JSON.stringify(out.attempts)).not.toContain('abcdefghijklmnop');
  });

  it('awaits async steps and treats a rejection as a failure', async () => {
    const out = await runFallbackChain<string, number>(
      [
        { name: 'slow-fail', run: () => Promise.reject(new Error('nope')) },
        { name: 'ok', run: () => Promise.resolve(7) },
      ],
      '',
    );
    expect(out.ok && out.value).toBe(7);
  });
});

describe('orderSteps', () => {
  const steps = [{ name: 'utf-8' }, { name: 'detected' }, { name: 'latin-1' }];

  it('moves the step that worked before to the front and keeps the rest in order', () => {
    expect(orderSteps(steps, 'latin-1').map((s) => s.name)).toEqual(['latin-1', 'utf-8', 'detected']);
  });

  it('keeps the registered order without a preference or with an unknown one', () => {
    expect(orderSteps(steps, null).map((s) => s.name)).toEqual(['utf-8', 'detected', 'latin-1']);
    expect(orderSteps(steps, 'gone').map((s) => s.name)).toEqual(['utf-8', 'detected', 'latin-1']);
  });
});
