import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { manualClock, subjectMatcher } from '@engram/kernel';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreRefusal } from '../store-refusal.js';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { grantTenantRole } from './grant-tenant-role.js';
import { openPostgres, type PostgresDb } from './open-postgres.js';
import { readAnalysisState, writeAnalysisState } from './postgres-analysis-state.js';
import { PostgresEpisodeStore } from './postgres-episode-store.js';
import { appendEvents, listSessionLogs, listSessions, readEventLines, readEvents, sessionHolds } from './postgres-event-log.js';
import { PostgresInstinctStore } from './postgres-instinct-store.js';
import { PostgresMemoryHistory } from './postgres-memory-history.js';
import { PostgresPendingStore } from './postgres-pending-store.js';
import { PostgresQuarantineStore } from './postgres-quarantine-store.js';
import { PostgresRecipeStore } from './postgres-recipe-store.js';
import { PostgresSemanticStore } from './postgres-semantic-store.js';
import { PostgresSkillStore } from './postgres-skill-store.js';
import { redactEvents } from './redact-events.js';
import { sessionSummaries } from './session-summaries.js';
import { storeStatus } from './store-status.js';
import { tailEvents } from './tail-events.js';

/**
 * Issue 28 item 1: a second tenant reads, lists, forgets and replays nothing of the first, through
 * every store, whoever connects: the server's superuser (row-level security skipped, so engram's
 * own WHERE is the only wall) and a tenant role from `engram store grant` (the policy keyed on the
 * role). And a tenant role that names another tenant gets nothing of it and writes nothing there.
 */
// A server of its own: the superuser must be the server's own, and granted login roles belong to the whole server.
const started = await startTestPostgres({ own: true });
const DB = 'tenant_isolation';
let ownerUrl = '';
if (started.ok) ownerUrl = started.pg.createDatabase(DB);
afterAll(() => (started.ok ? started.pg.stop() : undefined));
/** The owner's URL with another user: matched by position, so a suffixed role name (a shared server's) cannot slip through unchanged. */
const asUser = (user: string): string => {
  const url = ownerUrl.replace(/\/\/[^@/]+@/, `//${user}@`);
  if (url === ownerUrl) throw new Error(`cannot name user ${user} in ${ownerUrl}`);
  return url;
};
const superUrl = () => asUser('postgres');
const roleUrl = (role: string) => asUser(role);

const PROJECT = 'proj-0001-tenants';
const SCOPE = `project:${PROJECT}`;
const SESSION = '20261128_101500_tn01';
const SUBJECT = 'zorblax';
const at = '2026-11-28T10:15:00.000Z';
const clock = manualClock('2026-11-28T12:00:00.000Z');
let ids = 0;
const events = (n: number): AnyEnvelope[] => Array.from({ length: n }, (_, i) => ({ ...buildEvent('executive.turn.started', { message: `ask ${SUBJECT} about item ${i}` }, { sessionId: SESSION }), id: `tn-${++ids}` }));
const instinct = (id: string) => ({ id, kind: 'chain' as const, tools: ['A', 'B'], description: `${SUBJECT}: A then B`, status: 'active' as const, confidence: 0.6, frequency: 1, consistency: 1, observations: 3, selfConfirmed: 0, sessions: 2, sessionsInWindow: 2, firstSeen: at, lastSeen: at, updatedAt: at, promotedAt: null, archivedAt: null, archiveReason: null });
const engram = (text: string) => ({ text, kind: 'lesson' as const, scope: 'global' as const, confidence: 'high' as const, topic: null, source: 'llm' as const });
const retired = (id: string) => ({ id, text: `${SUBJECT} retired`, kind: 'lesson' as const, scope: 'global' as const, confidence: 'high' as const, topic: null, source: 'user' as const, section: null, updatedAt: null, supersededBy: null, supersededAt: at, reason: 'correction' as const, note: '', proposalId: null });

/** Everything a tenant can hold, one of each, all mentioning SUBJECT. Returns the ids a neighbour would aim at. */
const fill = async (db: PostgresDb): Promise<{ readonly memoryId: string }> => {
  await appendEvents(db, SESSION, events(3), { project: PROJECT });
  const [added] = await semantic(db, 'global', (s) => s.encode([{ text: `${SUBJECT} lesson of ${db.tenant}`, kind: 'lesson' }]));
  await semantic(db, 'project', (s) => s.encode([{ text: `${SUBJECT} project rule`, kind: 'lesson' }]));
  await new PostgresSkillStore(db, { clock }).save({ label: 'deploy', description: `how ${SUBJECT} deploys`, body: 'steps\n' });
  await new PostgresRecipeStore(db).record(
    { recipeId: 'r.one', trigger: { errorClass: 'encoding', signature: SUBJECT, tool: 'Read', target: { exact: 'a.cbl', glob: '*.cbl' } }, steps: [{ tool: 'Read', hint: 'latin-1' }], evidence: { failedToolUseId: 't1', succeededToolUseId: 't2' }, confidence: 0.4 },
    { at, sessionId: SESSION },
  );
  await new PostgresInstinctStore(db, 'global').write({ active: [instinct('i.one')], archived: [], promoted: [], promotable: [] });
  await new PostgresPendingStore(db, 'global').add({ pendingId: 'p-1', proposalId: '1', engram: engram(`${SUBJECT} pending`), origin: 'acc', queuedAt: at, supersedes: [] });
  await new PostgresQuarantineStore(db, 'global').add({ quarantineId: 'q-1', proposalId: '1', engram: engram(`${SUBJECT} held`), origin: 'memorize', trust: 'model', reasons: [], quarantinedAt: at });
  await new PostgresMemoryHistory(db, 'global').append([retired('h-1')]);
  await new PostgresEpisodeStore({ db, projectId: PROJECT, clock }).append([{ ts: '2026-11-28T10:00:00.000+00:00', session: SESSION, turn: 1, role: 'user', content: `${SUBJECT} quarterly numbers`, meta: {} }]);
  await writeAnalysisState(db, SCOPE, `${SUBJECT} state`);
  const memoryId = added?.entry?.id;
  if (memoryId === undefined) throw new Error(`fill: no entry id in ${JSON.stringify(added)}`);
  return { memoryId };
};

/** A semantic store used once and closed: each holds a LISTEN connection of the pool while open. */
const semantic = async <A>(db: PostgresDb, scope: 'global' | 'project', f: (s: PostgresSemanticStore) => Promise<A>): Promise<A> => {
  const store = new PostgresSemanticStore({ db, scope, ...(scope === 'project' ? { projectId: PROJECT } : {}), clock });
  try {
    return await f(store);
  } finally {
    store.close();
  }
};

const collect = async <A>(gen: AsyncGenerator<A>): Promise<A[]> => {
  const out: A[] = [];
  for await (const x of gen) out.push(x);
  return out;
};

/**
 * Every way `other` could reach the first tenant's rows: reads, lists, replays, then forgets and
 * removals aimed at the first tenant's ids and subject. Each probe that saw or touched anything
 * is named in the result (a crossing); an empty list is isolation.
 */
const crossings = async (other: PostgresDb, target: { readonly memoryId: string }): Promise<string[]> => {
  const probes: Record<string, () => Promise<boolean>> = {
    'read events': async () => (await readEvents(other, SESSION)).length > 0,
    'replay lines': async () => (await readEventLines(other, SESSION)).length > 0,
    'session holds': () => sessionHolds(other, SESSION, 'executive.turn.started'),
    'list sessions': async () => (await listSessions(other)).length > 0,
    'list session logs': async () => (await listSessionLogs(other)).length + (await listSessionLogs(other, { project: PROJECT })).length > 0,
    'session summaries': async () => (await sessionSummaries(other)).length > 0,
    'tail events': async () => (await collect(tailEvents(other, SESSION, 10))).length > 0,
    'memory global': async () => (await semantic(other, 'global', (s) => s.read())).lessons.length > 0,
    'memory project': async () => (await semantic(other, 'project', (s) => s.read())).lessons.length > 0,
    skills: async () => (await new PostgresSkillStore(other, { clock }).list()).skills.length > 0,
    recipes: async () => (await new PostgresRecipeStore(other).list()).recipes.length > 0,
    instincts: async () => (await new PostgresInstinctStore(other, 'global').read()).tracked.length > 0,
    pending: async () => (await new PostgresPendingStore(other, 'global').list()).length > 0,
    quarantine: async () => (await new PostgresQuarantineStore(other, 'global').list()).length > 0,
    history: async () => (await new PostgresMemoryHistory(other, 'global').records()).length > 0,
    'episodes recall': async () => (await new PostgresEpisodeStore({ db: other, projectId: PROJECT, clock }).recall('quarterly')).hits > 0,
    'analysis state': async () => (await readAnalysisState(other, SCOPE)) !== null,
    'status rows': async () => Object.values((await storeStatus(other)).rows).some((n) => n > 0),
    // Forgets and removals aimed at the first tenant's rows.
    'forget events': async () => (await redactEvents(other, subjectMatcher(SUBJECT), { marker: '[FORGOTTEN]', apply: true })).length > 0,
    'forget episodes': async () => (await new PostgresEpisodeStore({ db: other, projectId: PROJECT, clock }).forget(subjectMatcher(SUBJECT), true)).length > 0,
    'remove memory': async () => (await semantic(other, 'global', (s) => s.remove(target.memoryId))).outcome === 'removed',
    'remove skill': async () => (await new PostgresSkillStore(other, { clock }).remove('deploy')).removed,
    'remove recipe': async () => (await new PostgresRecipeStore(other).remove(['r.one'])).length > 0,
    'remove instinct': async () => (await new PostgresInstinctStore(other, 'global').remove(['i.one'])).length > 0,
    'take pending': async () => (await new PostgresPendingStore(other, 'global').take(['p-1'])).taken.length > 0,
    'take quarantine': async () => (await new PostgresQuarantineStore(other, 'global').take(['q-1'])).taken.length > 0,
    'forget history': async () => (await new PostgresMemoryHistory(other, 'global').remove(['h-1'])) > 0,
    'clear memory': async () => {
      await semantic(other, 'project', (s) => s.clear());
      return false;
    },
  };
  const crossed: string[] = [];
  for (const [name, probe] of Object.entries(probes)) if (await probe()) crossed.push(name);
  return crossed;
};

/** What the first tenant still holds, per store: a neighbour's forget or removal that reached it shows here. */
const holdings = async (db: PostgresDb): Promise<Record<string, number>> => ({
  events: (await readEvents(db, SESSION)).filter((e) => JSON.stringify(e.data).includes(SUBJECT)).length,
  memory: (await semantic(db, 'global', (s) => s.read())).lessons.length,
  project: (await semantic(db, 'project', (s) => s.read())).lessons.length,
  skills: (await new PostgresSkillStore(db, { clock }).list()).skills.length,
  recipes: (await new PostgresRecipeStore(db).list()).recipes.length,
  instincts: (await new PostgresInstinctStore(db, 'global').read()).tracked.length,
  pending: (await new PostgresPendingStore(db, 'global').list()).length,
  quarantine: (await new PostgresQuarantineStore(db, 'global').list()).length,
  history: (await new PostgresMemoryHistory(db, 'global').records()).length,
  episodes: (await new PostgresEpisodeStore({ db, projectId: PROJECT, clock }).recall('quarterly')).hits,
});
const FULL = { events: 3, memory: 1, project: 1, skills: 1, recipes: 1, instincts: 1, pending: 1, quarantine: 1, history: 1, episodes: 1 };

const quiet = { warn: () => undefined };
/** Each case writes and probes every store twice over on a shared, loaded machine. */
const CASE_MS = 180_000;

describe.skipIf(!started.ok)(`tenants on one server, as superuser and as tenant roles${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  beforeAll(async () => {
    // The owner migrates; the superuser grants the tenant roles (the owner has no CREATEROLE here).
    await (await openPostgres({ url: ownerUrl, tenant: 'default' })).close();
    const admin = await openPostgres({ url: superUrl(), tenant: 'default', allowUnisolated: true, ...quiet });
    try {
      for (const tenant of ['acme', 'globex']) await grantTenantRole(admin, { tenant });
    } finally {
      await admin.close();
    }
  });

  it('refuses the superuser unless told, naming the role and what to do', async () => {
    const err = await openPostgres({ url: superUrl(), tenant: 'acme' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreRefusal);
    expect(String((err as Error).message)).toMatch(/role "postgres" is a superuser or BYPASSRLS.*engram store grant --tenant NAME.*--allow-unisolated \(ENGRAM_ALLOW_UNISOLATED=1\)/);
    const said: string[] = [];
    const db = await openPostgres({ url: superUrl(), tenant: 'acme', allowUnisolated: true, warn: (l) => said.push(l) });
    await db.close();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/UNISOLATED: role "postgres" bypasses row-level security/);
  });

  for (const mode of ['superuser', 'tenant role'] as const) {
    it(`as ${mode}: a second tenant reads, lists, replays and forgets nothing of the first`, async () => {
      const suffix = mode === 'superuser' ? '-su' : '';
      const open = (tenant: string) =>
        mode === 'superuser' ? openPostgres({ url: superUrl(), tenant: `${tenant}${suffix}`, allowUnisolated: true, ...quiet }) : openPostgres({ url: roleUrl(`engram_${tenant}`), tenant });
      const a = await open('acme');
      const b = await open('globex');
      try {
        expect(a.tenantRole).toBe(mode === 'tenant role');
        const target = await fill(a);
        expect(await holdings(a)).toEqual(FULL);
        expect(await crossings(b, target)).toEqual([]);
        expect(await holdings(a)).toEqual(FULL);
        // And the first tenant still reaches its own rows through every probe (the probes can see).
        expect((await crossings(a, target)).length).toBeGreaterThan(20);
      } finally {
        await a.close();
        await b.close();
      }
    }, CASE_MS);
  }

  it("a tenant role naming another tenant is refused on open, and at the server gets nothing of it and writes nothing there", async () => {
    const globex = await openPostgres({ url: roleUrl('engram_globex'), tenant: 'globex' });
    const err = await openPostgres({ url: roleUrl('engram_acme'), tenant: 'globex' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreRefusal);
    expect(String((err as Error).message)).toMatch(/role "engram_acme" belongs to tenant acme, not globex/);
    // Past the client's check: acme's role with engram.tenant=globex on every connection, as a hostile client would set it.
    const pool = new pg.Pool({ connectionString: roleUrl('engram_acme'), max: 2, options: '-c engram.tenant=globex' });
    const posing: PostgresDb = { pool, tenant: 'globex', where: 'posing', migration: null, bypassesRls: false, role: 'engram_acme', tenantRole: true, close: () => pool.end() };
    try {
      const target = await fill(globex);
      const before = await holdings(globex);
      expect(before).toEqual(FULL);
      expect(await crossings(posing, target)).toEqual([]);
      await expect(appendEvents(posing, '20261128_120000_tn99', events(1))).rejects.toThrow(/row-level security/);
      await expect(new PostgresSkillStore(posing, { clock }).save({ label: 'planted', description: 'd', body: 'b\n' })).rejects.toThrow(/row-level security/);
      await expect(semantic(posing, 'global', (s) => s.encode([{ text: 'planted lesson', kind: 'lesson' }]))).rejects.toThrow(/row-level security/);
      // Nor may it rewrite the mapping that binds it.
      await expect(pool.query("UPDATE engram_tenant_roles SET tenant = 'globex' WHERE role_name = 'engram_acme'")).rejects.toThrow(/permission denied/);
      await expect(pool.query("INSERT INTO engram_tenant_roles (role_name, tenant) VALUES ('engram_acme2', 'globex')")).rejects.toThrow(/permission denied/);
      expect(await holdings(globex)).toEqual(before);
    } finally {
      await posing.close();
      await globex.close();
    }
  }, CASE_MS);
});
