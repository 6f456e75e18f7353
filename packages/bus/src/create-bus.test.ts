import type { AnyEnvelope } from '@engram/events';
import { manualClock, sequentialIds } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import { EventValidationError, UnknownEventTypeError } from './bus-errors.js';
import { createBus, validationDefault } from './create-bus.js';

const SESSION = '20261122_031500_ab12';
const newBus = (validate = true) => createBus({ sessionId: SESSION, clock: manualClock('2026-11-22T03:15:00.000Z'), ids: sequentialIds(), validate });

describe('createBus', () => {
  it('stamps seq, id, time, session, source, version and causation', () => {
    const bus = newBus();
    const seen: AnyEnvelope[] = [];
    bus.subscribe('test', (e) => seen.push(e));
    const e = bus.publish('executive.turn.started', { message: 'hi' });
    expect(e).toEqual({
      seq: 1,
      id: 'evt-1',
      at: '2026-11-22T03:15:00.000Z',
      sessionId: SESSION,
      turn: 1,
      round: 0,
      source: 'executive',
      causationId: null,
      type: 'executive.turn.started',
      v: 1,
      data: { message: 'hi' },
    });
    expect(seen).toEqual([e]);
  });

  it('continues the seq of an existing log', () => {
    const bus = createBus({ sessionId: SESSION, lastSeq: 41, validate: false });
    expect(bus.publish('executive.cap.exhausted', { cap: 3 }).seq).toBe(42);
    expect(bus.lastSeq).toBe(42);
  });

  it('always refuses unknown types, even with validation off', () => {
    const bus = newBus(false);
    expect(() => bus.publish('executive.turn.exploded' as never, {} as never)).toThrow(UnknownEventTypeError);
    expect(bus.lastSeq).toBe(0);
  });

  it('validates payloads when validation is on, naming the field', () => {
    const bus = newBus(true);
    expect(() => bus.publish('executive.cap.exhausted', { cap: -1 })).toThrow(EventValidationError);
    expect(() => bus.publish('executive.cap.exhausted', { cap: -1 })).toThrow(/data\.cap/);
    expect(newBus(false).publish('executive.cap.exhausted', { cap: -1 }).data.cap).toBe(-1);
  });

  it('reads the validation default from ENGRAM_VALIDATE and NODE_ENV', () => {
    expect(validationDefault({})).toBe(true);
    expect(validationDefault({ ENGRAM_VALIDATE: '0' })).toBe(false);
    expect(validationDefault({ NODE_ENV: 'production' })).toBe(false);
    expect(validationDefault({ NODE_ENV: 'production', ENGRAM_VALIDATE: 'on' })).toBe(true);
    expect(() => validationDefault({ ENGRAM_VALIDATE: 'sometimes' })).toThrow(/ENGRAM_VALIDATE="sometimes" is not allowed/);
  });

  it('delivers events published during delivery after the current one reached every subscriber (FIFO)', () => {
    const bus = newBus();
    const log: string[] = [];
    bus.subscribe('first', (e) => {
      log.push(`first:${e.type}`);
      if (e.type === 'executive.turn.started') bus.publish('executive.round.started', { round: 1 });
    });
    bus.subscribe('second', (e) => log.push(`second:${e.type}`));
    bus.publish('executive.turn.started', { message: 'go' });
    expect(log).toEqual([
      'first:executive.turn.started',
      'second:executive.turn.started',
      'first:executive.round.started',
      'second:executive.round.started',
    ]);
  });

  it('defaults causation to the event being delivered', () => {
    const bus = newBus();
    const out: AnyEnvelope[] = [];
    bus.subscribe('reactor', (e) => {
      if (e.type === 'executive.cap.exhausted') bus.publish('executive.turn.failed', { reason: 'internal', error: 'cap' });
    });
    bus.subscribe('collect', (e) => out.push(e));
    const cap = bus.publish('executive.cap.exhausted', { cap: 2 });
    expect(out[1]?.causationId).toBe(cap.id);
    expect(bus.publish('executive.session.ended', { reason: 'closed' }, { causationId: 'x' }).causationId).toBe('x');
  });

  it('isolates a throwing subscriber: the failure becomes an event and the others go on', () => {
    const bus = newBus();
    const seen: string[] = [];
    bus.subscribe('broken', (e) => {
      if (e.type === 'executive.turn.started') throw new TypeError('boom');
    });
    bus.subscribe('healthy', (e) => seen.push(e.type));
    bus.publish('executive.turn.started', { message: 'x' });
    bus.publish('executive.cap.exhausted', { cap: 1 });
    expect(seen).toEqual(['executive.turn.started', 'bus.subscriber.failed', 'executive.cap.exhausted']);
  });

  it('reports the failing subscriber by name, and never loops on failures of failure reports', () => {
    const bus = newBus();
    const failures: AnyEnvelope[] = [];
    bus.subscribe('always-broken', () => {
      throw new Error('nope');
    });
    bus.subscribe('collect', (e) => {
      if (e.type === 'bus.subscriber.failed') failures.push(e);
    });
    const e = bus.publish('executive.turn.started', { message: 'x' });
    expect(failures).toHaveLength(1);
    expect(failures[0]?.data).toEqual({ subscriber: 'always-broken', eventId: e.id, eventType: 'executive.turn.started', error: 'Error: nope' });
    expect(failures[0]?.causationId).toBe(e.id);
  });

  it('places events in the turn and round the session is in', () => {
    const bus = newBus();
    expect(bus.publish('executive.session.started', { project: null, home: '/h', modes: { memory: 'off', acc: 'off' } }).turn).toBe(0);
    bus.publish('executive.turn.started', { message: 'a' });
    bus.publish('executive.round.started', { round: 1 });
    expect(bus.publish('scratchpad.pad.reset', { pad: 'p', reason: 'manual' })).toMatchObject({ turn: 1, round: 1 });
    bus.publish('executive.turn.started', { message: 'b' });
    expect(bus.position).toEqual({ turn: 2, round: 0 });
    expect(bus.publish('executive.cap.exhausted', { cap: 1 }, { turn: 7, round: 3 })).toMatchObject({ turn: 7, round: 3 });
  });

  it('events$ multicasts to observers and completes on close', () => {
    const bus = newBus();
    const a: number[] = [];
    let completed = false;
    const sub = bus.events$.subscribe({ next: (e) => a.push(e.seq), complete: () => (completed = true) });
    bus.publish('executive.cap.exhausted', { cap: 1 });
    sub.unsubscribe();
    bus.publish('executive.cap.exhausted', { cap: 1 });
    expect(a).toEqual([1]);
    bus.events$.subscribe({ complete: () => (completed = true) });
    bus.close();
    expect(completed).toBe(true);
    expect(() => bus.publish('executive.cap.exhausted', { cap: 1 })).toThrow(/closed/);
  });
});
