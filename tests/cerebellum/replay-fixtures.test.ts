import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cerebellumCore, defaultCerebellumParams, type CerebellumParams } from '@engram/cerebellum';
import { buildStream } from '@engram/events/testing';
import { foldCore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';

interface Fixture {
  readonly why: string;
  readonly given: Partial<CerebellumParams>;
  readonly when: Parameters<typeof buildStream>[0];
  readonly then: {
    readonly classified: [string, string | null][];
    readonly lessons: { method: string; cellIds: string[]; text?: string; topic?: string }[];
  };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/cerebellum');

const fixtures = readdirSync(root)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => {
    const fixture = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Fixture;
    if (typeof fixture.why !== 'string' || fixture.why.length < 20) throw new Error(`${file}: a fixture needs a "why" header`);
    return { file, fixture };
  });

describe('cerebellum event fixtures (given params; when the log folds through the core, effects off)', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(5));

  it.each(fixtures)('$file', ({ fixture }) => {
    const params = { ...defaultCerebellumParams, ...fixture.given };
    const { published } = foldCore(cerebellumCore, params, buildStream(fixture.when));
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
