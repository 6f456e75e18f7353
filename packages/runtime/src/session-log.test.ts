import { createBus } from '@engram/bus';
import type { AnyEnvelope } from '@engram/events';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionLogWriter } from './brain-stores.js';
import { SessionLog } from './session-log.js';

/** A log whose disk is full: every append fails, as an ENOSPC at a round end does. */
const failingWriter = (): SessionLogWriter & { readonly batches: AnyEnvelope[][] } => {
  const batches: AnyEnvelope[][] = [];
  return {
    location: 'memory:failing',
    batches,
    append: (batch) => {
      batches.push([...batch]);
      return Promise.reject(new Error('no space left on the device (ENOSPC)'));
    },
    sync: () => undefined,
    close: () => undefined,
    read: () => Promise.resolve([]),
  };
};

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

describe('SessionLog', () => {
  it('a write failing at a round end is reported by flushed(), never as an unhandled rejection that kills the process', async () => {
    process.on('unhandledRejection', onUnhandled);
    const bus = createBus({ sessionId: 's', validate: false });
    const writer = failingWriter();
    const log = new SessionLog(bus, writer);
    bus.publish('executive.round.completed', {} as never);
    // The flush the round end scheduled runs a microtask later; give its rejection time to surface.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writer.batches).toHaveLength(1);
    expect(unhandled).toEqual([]);
    await expect(log.flushed()).rejects.toThrow(/ENOSPC/);
  });
});
