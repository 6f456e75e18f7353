import { cerebellumCore, defaultCerebellumParams, type CerebellumParams } from '@engram/cerebellum';
import { buildStream } from '@engram/events/testing';
import { coreSpec } from '@engram/kernel/testing';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';

interface Fixture {
  readonly why: string;
  readonly given: Partial<CerebellumParams>;
  readonly when: Parameters<typeof buildStream>[0];
  readonly then: {
    readonly classified: [string, string | null][];
    readonly lessons: { method: string; cellIds: string[]; text?: string; topic?: string }[];
  };
}

const fixtures = loadFixtures<Fixture>('cerebellum');

describe('cerebellum event fixtures (given params; when the log folds through the core, effects off)', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(5));

  it.each(fixtures)('$file', ({ fixture }) => {
    const params = { ...defaultCerebellumParams, ...fixture.given };
    const { published } = coreSpec(cerebellumCore, params).when(buildStream(fixture.when));
    const classified = published.flatMap((d) => (d.type === 'cerebellum.error.classified' ? [[d.data.errorClass, d.data.target]] : []));
    expect(classified).toEqual(fixture.then.classified);
    const lessons = published.flatMap((d) => (d.type === 'cerebellum.lesson.learned' ? [d.data] : []));
    expect(lessons.map((l) => ({ method: l.method, cellIds: l.cellIds }))).toEqual(fixture.then.lessons.map((l) => ({ method: l.method, cellIds: l.cellIds })));
    fixture.then.lessons.forEach((want, i) => {
      if (want.text !== undefined) expect(lessons[i]?.text).toBe(want.text);
      if (want.topic !== undefined) expect(lessons[i]?.topic).toBe(want.topic);
    });
  });
});
