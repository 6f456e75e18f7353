import type { CommandSpec } from './command-spec.js';
import { JSON_OUT, WHERE } from './shared-options.js';

/** `engram doctor`: is this set-up ready, and what to fix. */
export const doctorCommand: CommandSpec = {
  name: 'doctor',
  description: 'check the set-up (Node version, home writable, service reachable, store reachable, model configured, embedder) and say what to fix; exit 1 when something needed is broken',
  options: [...WHERE, JSON_OUT],
  run: async (o: { home?: string; project?: string; store?: string; tenant?: string; json?: boolean }) => (await import('../doctor/run-doctor.js')).runDoctor(o),
};
