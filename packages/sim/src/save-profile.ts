import { writeFileAtomic } from '@engram/fs';
import { accProfiles } from '@engram/acc';
import { recommendedParams } from './build-sim-report.js';
import type { SimReport } from './sim-report.js';

/** A profile name the simulation may not overwrite: the built-in ones (`anton` never changes). */
export const isReservedProfile = (name: string): boolean => Object.hasOwn(accProfiles, name);

/**
 * Writes the recommended settings as a named profile: the full `AccParams`, what each was
 * measured at, and where the figures came from (seed, turns, base logs), so a reader can rerun the evidence.
 */
export const saveProfile = (name: string, file: string, report: SimReport): void => {
  const profile = {
    name,
    basedOn: 'anton',
    params: recommendedParams(report.detectors),
    evidence: {
      command: `engram sim --turns ${report.turns} --seed ${report.seed}${report.base === undefined ? '' : ` --base ${report.base.logs.map((l) => l.file).join(' ')} --base-rate ${report.base.rate}`}`,
      detectors: Object.fromEntries(report.detectors.map((d) => [d.detector, { precision: d.recommended.precision, recall: d.recommended.recall, f1: d.recommended.f1, anton: { precision: d.anton.precision, recall: d.anton.recall, f1: d.anton.f1 } }])),
    },
  };
  writeFileAtomic(file, `${JSON.stringify(profile, null, 2)}\n`);
};
