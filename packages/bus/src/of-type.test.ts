import { buildStream } from '@engram/events/testing';
import { from, lastValueFrom, toArray } from 'rxjs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { inTurn } from './in-turn.js';
import { ofType } from './of-type.js';

const stream = buildStream([
  ['executive.turn.started', {}, { turn: 1 }],
  ['scratchpad.cell.killed', { reason: 'Cell timed out' }, { turn: 1 }],
  ['executive.cap.exhausted', { cap: 4 }, { turn: 2 }],
  ['scratchpad.cell.killed', { reason: 'liveness' }, { turn: 2 }],
]);

describe('ofType', () => {
  it('keeps only the given types and narrows data', async () => {
    const kills = await lastValueFrom(from(stream).pipe(ofType('scratchpad.cell.killed'), toArray()));
    expectTypeOf(kills[0]!.data.reason).toEqualTypeOf<string>();
    expect(kills.map((k) => k.data.reason)).toEqual(['Cell timed out', 'liveness']);
  });
  it('accepts several types', async () => {
    const got = await lastValueFrom(from(stream).pipe(ofType('executive.turn.started', 'executive.cap.exhausted'), toArray()));
    expect(got.map((e) => e.seq)).toEqual([1, 3]);
  });
});

describe('inTurn', () => {
  it('keeps the events of one turn', async () => {
    const got = await lastValueFrom(from(stream).pipe(inTurn(2), toArray()));
    expect(got.map((e) => e.seq)).toEqual([3, 4]);
  });
});
