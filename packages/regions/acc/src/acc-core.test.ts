import type { AnyDraft } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { accCore, defaultAccCoreParams, type AccCoreParams } from './acc-core.js';
import { accProfiles } from './acc-profiles.js';
import { ACC_RULES } from './acc-rules.js';
import { lessonToEngram } from './lesson-to-engram.js';

type Steps = Parameters<typeof buildStream>[0];

const run = (steps: Steps, params: AccCoreParams = defaultAccCoreParams) => foldCore(accCore, params, buildStream(steps));
const lessonIds = (published: AnyDraft[]) => published.flatMap((d) => (d.type === 'acc.lesson.detected' ? [d.data.lessonId] : []));
const nudgeIds = (published: AnyDraft[]) => published.flatMap((d) => (d.type === 'acc.nudge.emitted' ? [d.data.lessonId] : []));

const reset = ['scratchpad.pad.reset', { pad: 'a' }] as const;
const round = ['executive.round.completed', {}] as const;
const started = ['executive.turn.started', {}] as const;
const completed = ['executive.turn.completed', {}] as const;
const failTool = ['executive.tool.resulted', { name: 'fetch', ok: false, error: 'HTTP 500' }] as const;
const kill = (reason: string) => ['scratchpad.cell.killed', { reason }] as const;
const stored = (lessonId: keyof typeof ACC_RULES) =>
  ['hippocampus.engram.encoded', { engram: lessonToEngram(ACC_RULES[lessonId]), outcome: 'added' }] as const;

describe('accCore', () => {
  it('publishes lessons at the end of a completed turn, in detector order', () => {
    const { published } = run([started, failTool, failTool, reset, reset, completed]);
    expect(lessonIds(published)).toEqual(['acc.repeated-tool-error', 'acc.reset-churn']);
    const lesson = published.find((d) => d.type === 'acc.lesson.detected');
    expect(lesson?.data).toMatchObject({ detector: 'detect_repeated_tool_error', kind: 'when', triggers: ['tool_result'] });
  });

  it('nudges once per detector per turn, after the round where it first fires, with the self-check text', () => {
    const { published } = run([started, reset, round, reset, round, reset, round, completed]);
    expect(nudgeIds(published)).toEqual(['acc.reset-churn']);
    const nudge = published.find((d) => d.type === 'acc.nudge.emitted');
    expect(nudge?.data).toMatchObject({ detector: 'detect_reset_churn' });
    expect(nudge?.type === 'acc.nudge.emitted' && nudge.data.text).toMatch(/^\[engram self-check: detect_reset_churn\] Never reset/);
    // the nudge came with the second round, and the lesson is still learned at the end
    expect(published.map((d) => d.type)).toEqual(['acc.nudge.emitted', 'acc.lesson.detected']);
  });

  it('does not nudge in passive mode but still learns; learns nothing in off mode', () => {
    const steps: Steps = [started, reset, reset, round, completed];
    const passive = run(steps, { ...defaultAccCoreParams, mode: 'passive' }).published;
    expect(nudgeIds(passive)).toEqual([]);
    expect(lessonIds(passive)).toEqual(['acc.reset-churn']);
    expect(run(steps, { ...defaultAccCoreParams, mode: 'off' }).published).toEqual([]);
  });

  it('takes the mode in force from executive.session.started, and is off when memory is off', () => {
    const session = (acc: 'off' | 'passive' | 'active', memory: 'autopilot' | 'off') => ['executive.session.started', { modes: { acc, memory } }] as const;
    expect(run([session('passive', 'autopilot'), started, reset, reset, round, completed]).published.map((d) => d.type)).toEqual(['acc.lesson.detected']);
    expect(run([session('active', 'off'), started, reset, reset, round, completed]).published).toEqual([]);
  });

  it.each(['executive.turn.failed', 'executive.turn.cancelled'] as const)('clears buffers and nudge flags at %s without learning', (boundary) => {
    const { published } = run([started, reset, round, reset, round, [boundary, {}], started, reset, round, completed]);
    expect(lessonIds(published)).toEqual([]);
    // the next turn's single reset neither fires nor inherits the spent nudge slot
    expect(nudgeIds(published)).toEqual(['acc.reset-churn']);
  });

  it('clears at turn.started too, so events outside a turn never leak into it', () => {
    expect(lessonIds(run([reset, started, reset, completed]).published)).toEqual([]);
  });

  it('does not learn a lesson memory already holds, but still nudges it', () => {
    const { published } = run([stored('acc.reset-churn'), started, reset, reset, round, completed]);
    expect(nudgeIds(published)).toEqual(['acc.reset-churn']);
    expect(lessonIds(published)).toEqual([]);
  });

  it('ignores project-scope engrams when deduping (ACC rules live in global memory)', () => {
    const project = ['hippocampus.engram.encoded', { engram: { ...lessonToEngram(ACC_RULES['acc.reset-churn']), scope: 'project' } }] as const;
    expect(lessonIds(run([project, started, reset, reset, completed]).published)).toEqual(['acc.reset-churn']);
  });

  it('lets a new kill-loop variant supersede the stored one, and never yields both in a turn', () => {
    const heavyStored = stored('acc.kill-loop.heavy');
    const live = kill('liveness check failed');
    const { published, state } = run([heavyStored, started, live, live, completed, stored('acc.kill-loop.liveness')]);
    expect(lessonIds(published)).toEqual(['acc.kill-loop.liveness']);
    expect([...state.stored]).toEqual(['acc.kill-loop.liveness']);
    // liveness first nudges, then heavy overtakes: one nudge (the slot), one lesson (the final verdict)
    const t = kill('Cell timed out');
    const flip = run([started, live, live, round, t, t, t, round, completed]).published;
    expect(nudgeIds(flip)).toEqual(['acc.kill-loop.liveness']);
    expect(lessonIds(flip)).toEqual(['acc.kill-loop.heavy']);
  });

  it('uses the engram profile when given (scratchpad failures are not a tool-retry rule)', () => {
    const cellFail = ['executive.tool.resulted', { name: 'scratchpad', ok: false, error: 'NameError: x' }] as const;
    const params = { ...defaultAccCoreParams, detectors: accProfiles.engram };
    expect(lessonIds(run([started, cellFail, cellFail, completed], params).published)).toEqual([]);
    expect(lessonIds(run([started, cellFail, cellFail, completed]).published)).toEqual(['acc.repeated-tool-error']);
  });
});
