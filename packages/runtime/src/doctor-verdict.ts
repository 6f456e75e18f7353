/** One check of `engram doctor`: `broken` stops engram working, `note` is worth knowing, `ok` is fine. */
export interface DoctorCheck {
  readonly name: string;
  readonly status: 'ok' | 'note' | 'broken';
  /** What was found. */
  readonly found: string;
  /** What to do about it (absent when nothing is needed). */
  readonly fix?: string;
}

/** Exit 1 when something engram needs is broken; a note (no model, no service running) is not. */
export const doctorExit = (checks: readonly DoctorCheck[]): 0 | 1 => (checks.some((c) => c.status === 'broken') ? 1 : 0);

const MARK = { ok: 'ok    ', note: 'note  ', broken: 'BROKEN' } as const;

/** What `engram doctor` prints for a person: one line per check (and what to fix under it), then the verdict. Pure. */
export const doctorText = (checks: readonly DoctorCheck[]): string =>
  `${checks.map((c) => `${MARK[c.status]}  ${c.name.padEnd(8)}  ${c.found}${c.fix === undefined ? '' : `\n${' '.repeat(18)}fix: ${c.fix}`}\n`).join('')}${doctorExit(checks) === 0 ? 'engram is ready.\n' : 'engram cannot work until the BROKEN lines are fixed.\n'}`;

/** `20.19.0` meets `>=20.19`: major, then minor, then patch. */
export const meetsNode = (version: string, minimum: readonly [number, number, number]): boolean => {
  const [a = 0, b = 0, c = 0] = version.replace(/^v/, '').split('.').map((p) => Number.parseInt(p, 10));
  const have = [a, b, c];
  for (let i = 0; i < 3; i++) if (have[i] !== minimum[i]) return (have[i] ?? 0) > (minimum[i] ?? 0);
  return true;
};
