import {
  closestLabel,
  creditRecommended,
  findSkillExact,
  isoWithOffset,
  lookupProblem,
  skillContent,
  SkillLabelError,
  uniqueLabelAmong,
  ZERO_STATS,
  type CreditResult,
  type Skill,
  type SkillDraft,
  type SkillListing,
  type SkillResolution,
  type SkillStage,
  type SkillStats,
  type SkillStore,
  type SkillSummary,
} from '@engram/hippocampus';
import { scrubSecrets, systemClock, type Clock } from '@engram/kernel';
import { lockedTransaction } from './locked-transaction.js';
import type { PostgresDb } from './open-postgres.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

interface Row {
  readonly label: string;
  readonly description: string;
  readonly body: string;
  readonly metadata: Record<string, string>;
  readonly stats: SkillStats;
}

interface Entry {
  readonly summary: SkillSummary;
  readonly row: Row;
}

const summaryOf = (row: Row): SkillSummary => ({ label: row.label, name: row.metadata.display_name ?? row.label, description: row.description, folder: row.label, layout: 'current' });

/**
 * A tenant's procedural memory in PostgreSQL, one row per skill, answering as the skills folder
 * does (the lookup, typo match, label and scrubbing helpers are the file store's own): a skill's
 * `folder` is its label, and there are no references or scripts (stage 2 and 3 folders). Saving
 * keeps the counters; a recall credit is a row-locked read-modify-write, so concurrent credits on
 * any host all count. Writes send a `skills` wake-up in their transaction.
 */
export class PostgresSkillStore implements SkillStore {
  readonly location: string;
  private readonly clock: Clock;
  private readonly scrub: (text: string) => string;

  constructor(
    private readonly db: PostgresDb,
    options: { readonly clock?: Clock; readonly scrub?: (text: string) => string } = {},
  ) {
    this.location = `postgres:${db.tenant}/skills`;
    this.clock = options.clock ?? systemClock;
    this.scrub = options.scrub ?? scrubSecrets;
  }

  async list(): Promise<SkillListing> {
    return { skills: (await this.entries()).map((e) => e.summary), problems: [] };
  }

  async load(input: string): Promise<Skill | null> {
    const problem = lookupProblem(input);
    if (problem !== null) throw new SkillLabelError(input, problem);
    const hit = findSkillExact(input, await this.entries());
    return hit === null ? null : this.toSkill(hit.row);
  }

  async resolve(input: string): Promise<SkillResolution> {
    const problem = lookupProblem(input);
    if (problem !== null) return { kind: 'invalid', input, error: new SkillLabelError(input, problem).message };
    const entries = await this.entries();
    const exact = findSkillExact(input, entries);
    if (exact !== null) return { kind: 'found', skill: this.toSkill(exact.row) };
    const labels = entries.map((e) => e.summary.label);
    const best = closestLabel(input, labels);
    const hit = best === null ? undefined : entries.find((e) => e.summary.label === best);
    return hit === undefined ? { kind: 'missing', input, available: labels } : { kind: 'closest', skill: this.toSkill(hit.row), input };
  }

  async save(draft: SkillDraft): Promise<{ readonly label: string; readonly created: boolean }> {
    const { label, description, metadata, body } = skillContent(draft, this.scrub, this.clock.now());
    return lockedTransaction(this.db, `skills/${label}`, 'skills', async (c) => {
      // A new skill starts with the draft's counters (an import's), an existing one keeps its own.
      const r = await c.query<{ created: boolean }>(
        `INSERT INTO engram_skills (label, description, body, metadata, stats) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant, label) DO UPDATE SET description = EXCLUDED.description, body = EXCLUDED.body, metadata = EXCLUDED.metadata, changed_at = now()
         RETURNING (xmax = 0) AS created`,
        [label, description, body, JSON.stringify(metadata), JSON.stringify(draft.stats ?? ZERO_STATS)],
      );
      return { value: { label, created: r.rows[0]?.created === true }, changed: true };
    });
  }

  async remove(input: string): Promise<{ readonly removed: boolean; readonly label: string | null }> {
    const problem = lookupProblem(input);
    if (problem !== null) throw new SkillLabelError(input, problem);
    const hit = findSkillExact(input, await this.entries());
    if (hit === null) return { removed: false, label: null };
    return lockedTransaction(this.db, `skills/${hit.row.label}`, 'skills', async (c) => {
      const r = await c.query(`DELETE FROM engram_skills WHERE ${ownTenant()} AND label = $1`, [hit.row.label]);
      const removed = (r.rowCount ?? 0) > 0;
      return { value: { removed, label: removed ? hit.row.label : null }, changed: removed };
    });
  }

  async creditRecall(label: string, stage: SkillStage = 1): Promise<CreditResult> {
    try {
      const hit = findSkillExact(label, await this.entries());
      if (hit === null) return { ok: false, error: `no skill named ${JSON.stringify(label)} to credit` };
      const stats = await lockedTransaction(this.db, `skills/${hit.row.label}`, 'skills', async (c) => {
        const r = await c.query<{ stats: SkillStats }>(`SELECT stats FROM engram_skills WHERE ${ownTenant()} AND label = $1 FOR UPDATE`, [hit.row.label]);
        const row = r.rows[0];
        if (row === undefined) throw new Error(`skill ${hit.row.label} was removed`);
        const next = creditRecommended(row.stats, stage, isoWithOffset(this.clock.now()));
        await c.query(`UPDATE engram_skills SET stats = $2, changed_at = now() WHERE ${ownTenant()} AND label = $1`, [hit.row.label, JSON.stringify(next)]);
        return { value: next, changed: true };
      });
      return { ok: true, stats };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  async uniqueLabel(base: string): Promise<string> {
    const entries = await this.entries();
    return uniqueLabelAmong(base, (l) => findSkillExact(l, entries) !== null);
  }

  private async entries(): Promise<Entry[]> {
    const r = await withReconnect(() => this.db.pool.query<Row>(`SELECT label, description, body, metadata, stats FROM engram_skills WHERE ${ownTenant()} ORDER BY label COLLATE "C"`));
    return r.rows.map((row) => ({ summary: summaryOf(row), row }));
  }

  private toSkill(row: Row): Skill {
    return {
      ...summaryOf(row),
      body: row.body,
      metadata: row.metadata,
      provenance: row.metadata.provenance ?? 'manual',
      createdAt: row.metadata.created_at ?? '',
      stage2: false,
      stage3: false,
      stats: row.stats,
    };
  }
}
