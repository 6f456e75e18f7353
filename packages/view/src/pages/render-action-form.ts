import { escapeHtml } from './escape-html.js';

/** A write action the pages offer; each is confirmed on a page of its own before anything changes. */
export interface ActionForm {
  readonly path: '/actions/remove' | '/actions/pending' | '/actions/quarantine' | '/actions/forget' | '/actions/memorize';
  readonly fields: Readonly<Record<string, string>>;
  readonly label: string;
  readonly danger?: boolean;
}

const hidden = (fields: Readonly<Record<string, string>>): string => Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');

/** The button that asks for confirmation (POST without `confirm`: the server answers with the confirmation page). */
export const renderActionForm = (a: ActionForm, token: string): string =>
  `<form class="inline" method="post" action="${a.path}">${hidden({ ...a.fields, token })}<button type="submit"${a.danger === true ? ' class="danger"' : ''}>${escapeHtml(a.label)}</button></form>`;

/** The confirmation: what will change, then the button that does it (`confirm=yes`) and a way back. */
export const renderConfirmBody = (a: ActionForm, token: string, what: string, details: readonly string[] = []): string =>
  `<h1>Confirm</h1><div class="card"><p>${escapeHtml(what)}</p>${details.length === 0 ? '' : `<ul class="mono">${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>`}
<form method="post" action="${a.path}">${hidden({ ...a.fields, token, confirm: 'yes' })}<button type="submit" class="${a.danger === true ? 'danger' : 'primary'}">${escapeHtml(a.label)}</button> <a class="button" href="/memory">Cancel</a></form></div>`;

/** The Memory page's “forget a subject” form: the subject goes to a preview of what would change. */
export const renderForgetForm = (token: string): string =>
  `<h2>Forget a subject</h2><form method="post" action="/actions/forget" class="card">${hidden({ token })}<label for="subject">Text to forget everywhere (rules, lessons, profile, history, pending, quarantine, episodes, skills, recipes, instincts; redacted from event logs)</label><input type="text" id="subject" name="subject" minlength="3" required> <p><button type="submit" class="danger">Preview what would go…</button></p></form>`;

const KINDS = ['always', 'never', 'when', 'lesson', 'profile'] as const;

/**
 * The form that writes an entry (`/actions/memorize`, confirmed on its own page): a new one, or,
 * with `old`, a correction that supersedes it (its text prefilled). Through the memorize path.
 */
export const renderMemorizeForm = (token: string, old?: { readonly id: string; readonly text: string; readonly kind: string; readonly scope: string }): string => {
  const key = old === undefined ? 'new' : old.id;
  const kind = old?.kind ?? 'lesson';
  const kinds = KINDS.map((k) => `<option${k === kind ? ' selected' : ''}>${k}</option>`).join('');
  const scopes = ['project', 'global'].map((sc) => `<option${sc === (old?.scope ?? 'project') ? ' selected' : ''}>${sc}</option>`).join('');
  return `<form method="post" action="/actions/memorize" class="memorize">${hidden({ token, ...(old === undefined ? {} : { supersedes: old.id }) })}<label for="text-${escapeHtml(key)}">${old === undefined ? 'Text of the new entry' : 'Corrected text'}</label><textarea id="text-${escapeHtml(key)}" name="text" rows="2" required maxlength="1000">${escapeHtml(old?.text ?? '')}</textarea> <select name="kind" aria-label="kind">${kinds}</select> <select name="scope" aria-label="scope">${scopes}</select> <button type="submit">${old === undefined ? 'Add…' : 'Supersede…'}</button></form>`;
};
