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

/** `20.19.0` meets `>=20.19`: major, then minor, then patch. */
export const meetsNode = (version: string, minimum: readonly [number, number, number]): boolean => {
  const [a = 0, b = 0, c = 0] = version.replace(/^v/, '').split('.').map((p) => Number.parseInt(p, 10));
  const have = [a, b, c];
  for (let i = 0; i < 3; i++) if (have[i] !== minimum[i]) return (have[i] ?? 0) > (minimum[i] ?? 0);
  return true;
};
