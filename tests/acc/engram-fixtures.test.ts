import { accCore, accProfiles, ACC_RULES, lessonToEngram, type AccMode, type LessonId } from '@engram/acc';
import { buildStream } from '@engram/events/testing';
import { coreSpec } from '@engram/kernel/testing';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';

interface EngramFixture {
  readonly why: string;
  readonly given: { readonly mode: AccMode; readonly profile: keyof typeof accProfiles; readonly memory: LessonId[] };
  readonly when: Parameters<typeof buildStream>[0];
  readonly then: { readonly lessons: string[]; readonly nudges: string[] };
}

describe('engram event fixtures (given mode, profile and memory; when the events fold through the ACC core)', () => {
  it.each(loadFixtures<EngramFixture>('acc/engram'))('$file', ({ fixture }) => {
    const memory = fixture.given.memory.map((id) => ['hippocampus.engram.encoded', { engram: lessonToEngram(ACC_RULES[id]), outcome: 'added' }] as const);
    const events = buildStream([...memory, ...fixture.when]);
    const { published } = coreSpec(accCore, { mode: fixture.given.mode, detectors: accProfiles[fixture.given.profile] })
      .given(events.slice(0, memory.length))
      .when(events.slice(memory.length));
    expect(published.flatMap((d) => (d.type === 'acc.lesson.detected' ? [d.data.lessonId] : []))).toEqual(fixture.then.lessons);
    expect(published.flatMap((d) => (d.type === 'acc.nudge.emitted' ? [d.data.lessonId] : []))).toEqual(fixture.then.nudges);
  });
});
