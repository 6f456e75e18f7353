import { describe, expect, it } from 'vitest';
import { gateDecision } from './gate-decision.js';
import { MemoryModeError, parseMemoryMode } from './memory-mode.js';

describe('gateDecision', () => {
  it('autopilot encodes everything, whatever the confidence or origin', () => {
    for (const confidence of ['high', 'medium', 'low', null] as const) {
      for (const origin of ['memorize', 'acc', 'cerebellum', 'consolidation', 'basal-ganglia', 'user'] as const) expect(gateDecision('autopilot', { confidence }, origin)).toBe('encode');
    }
  });

  it('off drops everything except what the user asks for directly', () => {
    expect(gateDecision('off', { confidence: 'high' }, 'acc')).toBe('drop');
    expect(gateDecision('off', { confidence: 'high' }, 'memorize')).toBe('drop');
    expect(gateDecision('off', { confidence: 'low' }, 'user')).toBe('encode');
  });

  it('copilot queues what is not of high confidence, and every memorize call', () => {
    expect(gateDecision('copilot', { confidence: 'high' }, 'acc')).toBe('encode');
    expect(gateDecision('copilot', { confidence: 'medium' }, 'cerebellum')).toBe('queue');
    expect(gateDecision('copilot', { confidence: null }, 'consolidation')).toBe('queue');
    expect(gateDecision('copilot', { confidence: 'high' }, 'memorize')).toBe('queue');
    expect(gateDecision('copilot', { confidence: 'low' }, 'user')).toBe('encode');
  });
});

describe('parseMemoryMode', () => {
  it('reads the three modes in any case and defaults to autopilot', () => {
    expect(parseMemoryMode(undefined)).toBe('autopilot');
    expect(parseMemoryMode('  ')).toBe('autopilot');
    expect(parseMemoryMode(' CoPilot ')).toBe('copilot');
    expect(parseMemoryMode('off')).toBe('off');
  });

  it('rejects an unknown value with an error naming the setting (Anton treated it as copilot)', () => {
    expect(() => parseMemoryMode('of')).toThrow(MemoryModeError);
    expect(() => parseMemoryMode('of')).toThrow('ENGRAM_MEMORY_MODE="of" is not allowed: use one of autopilot, copilot, off');
  });
});
