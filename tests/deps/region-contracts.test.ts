import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalog } from '@engram/events';
import { describe, expect, it } from 'vitest';

const REGIONS = join(import.meta.dirname, '..', '..', 'packages', 'regions');
const regions = readdirSync(REGIONS).sort();

/** The contract header of a region's index.ts: the first doc comment, with its `Emits:` and `Never:` parts. */
const contractOf = (region: string) => {
  const text = readFileSync(join(REGIONS, region, 'src', 'index.ts'), 'utf8');
  const header = /^\/\*\*([\s\S]*?)\*\//.exec(text)?.[1]?.replace(/^\s*\* ?/gm, '') ?? '';
  const part = (name: string) => new RegExp(`^${name}:([\\s\\S]*?)(?=^\\w+:|$(?![\\s\\S]))`, 'm').exec(header)?.[1] ?? null;
  return { header, consumes: part('Consumes'), emits: part('Emits'), never: part('Never') };
};

describe('every region states its contract at the top of its index.ts', () => {
  it('finds the regions', () => expect(regions).toEqual(['acc', 'basal-ganglia', 'cerebellum', 'cortex', 'executive', 'hippocampus', 'scratchpad']));

  it.each(regions)('%s: Consumes, Emits and Never, with Emits naming exactly the types the catalog says it emits', (region) => {
    const c = contractOf(region);
    expect(c.header, 'a leading doc comment').toMatch(new RegExp(`@engram/${region}: `));
    expect(c.consumes?.trim(), 'Consumes:').toBeTruthy();
    expect(c.never?.trim(), 'Never:').toBeTruthy();
    const emitted = Object.values(catalog)
      .filter((d) => d.emitter === region)
      .map((d) => d.type)
      .sort();
    const stated = [...(c.emits ?? '').matchAll(/[a-z-]+\.[a-z-]+\.[a-zA-Z]+/g)].map((m) => m[0]).sort();
    expect(stated).toEqual(emitted);
  });
});
