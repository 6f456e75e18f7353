import type { AnyEnvelope, EventType } from '@engram/events';
import { createBus } from '@engram/bus';
import { defaultData } from '@engram/events/testing';
import { machineInfo, measure, type BenchReport, type BenchOptions } from './bench-report.js';

/** The fan-out: every region plus the log writer and a host listening. */
const SUBSCRIBERS = 7;
const EVENTS = 1_000_000;
/** Validation costs a schema parse per event; fewer events keep the run short. */
const VALIDATED_EVENTS = 200_000;
const MIX: readonly EventType[] = ['executive.tool.called', 'executive.tool.resulted', 'scratchpad.cell.requested', 'scratchpad.cell.executed', 'llm.call.completed'];

const run = (n: number, validate: boolean) => {
  const bus = createBus({ sessionId: '20261122_031500_bench', validate });
  let delivered = 0;
  for (let i = 0; i < SUBSCRIBERS; i++)
    bus.subscribe(`sub-${i}`, (e: AnyEnvelope) => {
      delivered += e.seq > 0 ? 1 : 0;
    });
  for (let i = 0; i < n; i++) {
    const type = MIX[i % MIX.length] as EventType;
    bus.publish(type, defaultData[type]);
  }
  bus.close();
  if (delivered !== n * SUBSCRIBERS) throw new Error(`bus bench: delivered ${delivered}, expected ${n * SUBSCRIBERS}`);
};

/** `engram bench bus`: events per second through one bus to 7 subscribers, validation off and on. */
export const busBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const n = Math.max(1000, Math.round(EVENTS * opts.scale));
  const nv = Math.max(1000, Math.round(VALIDATED_EVENTS * opts.scale));
  run(10_000, false); // warm-up: let the JIT settle before measuring
  opts.progress('bus: validation off');
  const off = await measure('publish, validation off', n, () => run(n, false), { subscribers: SUBSCRIBERS, validate: false });
  opts.progress('bus: validation on');
  const on = await measure('publish, validation on', nv, () => run(nv, true), { subscribers: SUBSCRIBERS, validate: true });
  return { suite: 'bus', machine: machineInfo(), results: [off, on] };
};
