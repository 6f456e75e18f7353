import type { AnyEnvelope } from '@engram/events';
import { filter, type MonoTypeOperatorFunction } from 'rxjs';

/** Keeps the events of one turn. */
export const inTurn = <E extends AnyEnvelope>(turn: number): MonoTypeOperatorFunction<E> => filter((e) => e.turn === turn);
