import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';

const newSession = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-hints-'));
  return createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {}, instincts: { auto: false } }).session();
};

describe('error-class hints in the host-driven nudges', () => {
  it('endRound() and nudges() carry the class and recovery hint of a failed tool', async () => {
    const s = newSession();
    s.startTurn('call the API');
    const id = s.toolCalled({ name: 'http_get', input: { url: 'https://api.example.com/v1/sales' } });
    s.toolResulted({ id, name: 'http_get', ok: false, error: 'HTTP 429 Too Many Requests' });
    const round = s.endRound();
    expect(round).toEqual([
      expect.objectContaining({ lessonId: 'cerebellum.error-class.rate-limit', detector: 'classifyError', text: expect.stringMatching(/^http_get failed with a rate-limit error \(.*api\.example\.com.*\)\. Back off before retrying/) as unknown }),
    ]);
    expect(s.nudges().map((n) => n.lessonId)).toEqual(['cerebellum.error-class.rate-limit']);
    // The same tool failing the same way again this turn is not hinted twice.
    const id2 = s.toolCalled({ name: 'http_get', input: { url: 'https://api.example.com/v1/sales' } });
    s.toolResulted({ id: id2, name: 'http_get', ok: false, error: 'HTTP 429 Too Many Requests' });
    expect(s.endRound().map((n) => n.lessonId)).not.toContain('cerebellum.error-class.rate-limit');
    s.endTurn('gave up');
    await s.close();
  });
});
