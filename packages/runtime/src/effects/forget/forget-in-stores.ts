import { forgottenMarkerFor, subjectMatcher, valueMentions as mentions, type EngramScope, type SubjectMatcher } from '@engram/kernel';
import type { BrainStores } from '../../brain-stores.js';
import type { ForgetItem, ForgetReport, ForgetStore } from './forget-report.js';

/** A list of items in a store, the ones holding the subject, and how to take them out. */
interface Holder {
  readonly store: ForgetStore;
  readonly where: string;
  /** The ids of what holds the subject now. */
  readonly find: () => Promise<readonly string[]>;
  readonly drop: (ids: readonly string[]) => Promise<unknown>;
}

/** What of a brain's stores may hold the subject: semantic memory and history per scope, the pending queue, the quarantine, skills (whole), recipes, instincts per scope (tracked and archived), the episodes. */
const holders = (stores: BrainStores, matcher: SubjectMatcher): Holder[] => {
  const out: Holder[] = [];
  const scopes: EngramScope[] = stores.semantic.project === null ? ['global'] : ['global', 'project'];
  for (const scope of scopes) {
    const semantic = scope === 'global' ? stores.semantic.global : stores.semantic.project;
    const history = scope === 'global' ? stores.histories.global : stores.histories.project;
    if (semantic !== null)
      for (const name of ['rules', 'lessons', 'profile'] as const)
        out.push({
          store: name,
          where: `${stores.location} ${scope} ${name}`,
          find: async () => {
            const snap = await semantic.read();
            return (name === 'rules' ? snap.rules : name === 'lessons' ? snap.lessons : snap.identities).filter((e) => matcher.matches(e.text)).map((e) => e.id);
          },
          drop: async (ids) => {
            for (const id of ids) await semantic.remove(id);
          },
        });
    if (history !== null)
      out.push({
        store: 'history',
        where: history.location,
        find: async () => [...new Set((await history.records()).filter((r) => mentions(matcher, r)).map((r) => r.id))],
        drop: (ids) => history.remove(ids),
      });
  }
  out.push({ store: 'pending', where: stores.pending.location, find: async () => (await stores.pending.list()).filter((i) => mentions(matcher, i)).map((i) => i.pendingId), drop: (ids) => stores.pending.take(ids) });
  out.push({ store: 'quarantine', where: stores.quarantine.location, find: async () => (await stores.quarantine.list()).filter((i) => mentions(matcher, i)).map((i) => i.quarantineId), drop: (ids) => stores.quarantine.take(ids) });
  const skills = stores.skills;
  out.push({
    store: 'skills',
    where: skills.location,
    find: async () => {
      const hits: string[] = [];
      for (const summary of (await skills.list()).skills) {
        const skill = await skills.load(summary.label);
        if (matcher.matches(summary.label) || (skill !== null && mentions(matcher, skill))) hits.push(summary.label);
      }
      return hits;
    },
    drop: async (labels) => {
      for (const label of labels) await skills.remove(label);
    },
  });
  out.push({ store: 'recipes', where: stores.recipes.location, find: async () => (await stores.recipes.list()).recipes.filter((r) => mentions(matcher, r)).map((r) => r.recipeId), drop: (ids) => stores.recipes.remove(ids) });
  for (const scope of scopes) {
    const instincts = stores.instincts(scope);
    out.push({
      store: 'instincts',
      where: instincts.location,
      find: async () => {
        const read = await instincts.read();
        return [...read.tracked, ...read.archived].filter((i) => mentions(matcher, i)).map((i) => i.id);
      },
      drop: (ids) => instincts.remove(ids),
    });
  }
  const episodes = stores.episodes;
  if (episodes !== null && episodes !== 'sqlite' && episodes.forget !== undefined) {
    const forget = episodes.forget.bind(episodes);
    out.push({ store: 'episodes', where: episodes.location, find: () => forget(matcher, false), drop: () => forget(matcher, true) });
  }
  return out;
};

/**
 * `engram memory forget` on a store that is not the files (PostgreSQL): the subject out of
 * semantic memory (by id, through the store), the retired entries' history, the pending queue,
 * the quarantine, skills (a skill naming or holding it goes whole, as its folder does on files),
 * recovery recipes, the instincts of both scopes (tracked and archived; a promoted one's
 * generated rule goes with it) and the project's episodes, each item matched over its stored JSON
 * by the kernel's one `subjectMatcher` as on files; the store's event log is redacted in place (`BrainStores.redactEvents`). Without `apply` it only counts. After applying, the stores are searched again and any
 * that still holds the subject is listed in `remaining` (a write from another host meanwhile).
 */
export const forgetInStores = async (stores: BrainStores, subject: string, options: { readonly apply: boolean }): Promise<ForgetReport> => {
  const matcher = subjectMatcher(subject);
  const marker = forgottenMarkerFor(matcher.matches);
  const all = holders(stores, matcher);
  const items: ForgetItem[] = [];
  for (const h of all) {
    const ids = await h.find();
    if (ids.length === 0) continue;
    if (options.apply) await h.drop(ids);
    items.push({ store: h.store, file: h.where, ids: [...ids], count: ids.length, action: 'remove' });
  }
  if (stores.redactEvents !== null)
    for (const r of await stores.redactEvents(matcher, { marker, apply: options.apply })) items.push({ store: 'events', file: r.location, ids: r.seqs.map(String), count: r.occurrences, action: 'redact' });
  const remaining: string[] = [];
  if (options.apply) for (const h of all) if ((await h.find()).length > 0) remaining.push(h.where);
  if (options.apply && stores.redactEvents !== null) for (const r of await stores.redactEvents(matcher, { marker, apply: false })) remaining.push(r.location);
  const totals: Partial<Record<ForgetStore, number>> = {};
  for (const i of items) totals[i.store] = (totals[i.store] ?? 0) + i.count;
  return { applied: options.apply, marker, items, totals, remaining, notSearched: [] };
};
