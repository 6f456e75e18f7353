import fc from 'fast-check';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendDurably } from './append-durably.js';
import { faultyFsPort, type FaultPlan } from './faulty-fs-port.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** Keep each case small: the property explores failure points, not sizes. */
const text = fc.string({ unit: 'grapheme', maxLength: 300 });
/** A failure somewhere in the few calls one write makes (plus "never", when the number is past the last call). */
const plan: fc.Arbitrary<FaultPlan> = fc.record(
  {
    failWriteAt: fc.integer({ min: 1, max: 40 }),
    writeError: fc.constantFrom('ENOSPC', 'EDQUOT', 'EIO', 'EROFS'),
    maxBytesPerWrite: fc.integer({ min: 1, max: 64 }),
    zeroWriteAt: fc.integer({ min: 1, max: 40 }),
    failFsyncAt: fc.integer({ min: 1, max: 3 }),
    failRenameAt: fc.integer({ min: 1, max: 2 }),
    failOpenAt: fc.integer({ min: 1, max: 4 }),
    failTruncateAt: fc.integer({ min: 1, max: 2 }),
  },
  { requiredKeys: [] },
);

describe('writers under injected faults', () => {
  it('writeFileAtomic: afterwards the file holds the old content or the new, never less; success means the new is there; no temp is left', () => {
    fc.assert(
      fc.property(text, text, plan, (before, after, faults) => {
        const root = mkdtempSync(join(tmpdir(), 'engram-fs-prop-'));
        try {
          const file = join(root, 'rules.md');
          writeFileSync(file, before);
          let ok = true;
          try {
            writeFileAtomic(file, after, { root, port: faultyFsPort(faults) });
          } catch {
            ok = false;
          }
          const now = readFileSync(file, 'utf8');
          if (ok) expect(now).toBe(after);
          else expect(now).toBe(before);
          expect(readdirSync(root)).toEqual(['rules.md']);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('appendDurably: every acknowledged append is on disk in order, a failed one leaves no trace (unless even its undo failed, which is reported)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, plan), { minLength: 1, maxLength: 6 }), (appends) => {
        const root = mkdtempSync(join(tmpdir(), 'engram-fs-prop-'));
        try {
          const file = join(root, 'lessons.md');
          let expected = '';
          for (const [line, faults] of appends) {
            const entry = `${line}\n`;
            try {
              appendDurably(file, entry, { root, sync: true, port: faultyFsPort(faults) });
              expected += entry;
            } catch (err) {
              // The undo itself was broken by the plan: the message must say the tail may be partial.
              if (/cutting it back failed/.test((err as Error).message)) return;
            }
            const onDisk = (() => {
              try {
                return readFileSync(file, 'utf8');
              } catch {
                return '';
              }
            })();
            expect(onDisk).toBe(expected);
          }
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 150 },
    );
  });
});
