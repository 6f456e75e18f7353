import type { AnyDraft } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { accCore, defaultAccCoreParams, type AccCoreParams } from './acc-core.js';
import { accProfiles } from './acc-profiles.js';

type Steps = Parameters<typeof buildStream>[0];
const run = (steps: Steps, params: AccCoreParams = defaultAccCoreParams) => foldCore(accCore, params, buildStream(steps));
const lessonIds = (published: AnyDraft[]) => published.flatMap((d) => (d.type === 'acc.lesson.detected' ? [d.data.lessonId] : []));

const started = ['executive.turn.started', {}] as const;
const completed = ['executive.turn.completed', {}] as const;
const failTool = ['executive.tool.resulted', { name: 'fetch', ok: false, error: 'HTTP 500' }] as const;
const strict = ['acc.params.configured', { profile: 'strict', params: { ...accProfiles.anton, toolErrorIgnoredTools: [] as string[], minToolErrorRun: 3 } }] as const;

describe('acc.params.configured', () => {
  it('puts a profile in force: the next turns use its thresholds', () => {
    expect(lessonIds(run([started, failTool, failTool, completed]).published)).toEqual(['acc.repeated-tool-error']);
    expect(lessonIds(run([strict, started, failTool, failTool, completed]).published)).toEqual([]);
    expect(lessonIds(run([strict, started, failTool, failTool, failTool, completed]).published)).toContain('acc.repeated-tool-error');
  });

  it('is ignored by a pinned core (a what-if replay keeps the thresholds it asks about)', () => {
    expect(lessonIds(run([strict, started, failTool, failTool, completed], { ...defaultAccCoreParams, pinned: true }).published)).toEqual(['acc.repeated-tool-error']);
  });
});
