import { escapeHtml } from './escape-html.js';
import { PAGE_STYLE } from './page-style.js';

export type Section = 'sessions' | 'memory' | 'search' | 'learning' | 'replay';

const SECTIONS: readonly { readonly id: Section; readonly label: string; readonly href: string }[] = [
  { id: 'sessions', label: 'Sessions', href: '/sessions' },
  { id: 'memory', label: 'Memory', href: '/memory' },
  { id: 'search', label: 'Search', href: '/search' },
  { id: 'learning', label: 'Learning', href: '/learning' },
  { id: 'replay', label: 'Replay', href: '/replay' },
];

export interface LayoutInput {
  readonly title: string;
  /** The nav entry to mark; null for a page outside the app (a `--html` file). */
  readonly section: Section | null;
  /** Where the data comes from (project, else home), shown in the nav bar. */
  readonly where: string;
  /** The page's content: HTML its renderer built with every text escaped. */
  readonly body: string;
  /** Extra head content (the charts' styles and inlined library). */
  readonly head?: string;
  /** Inline script (a live timeline's); the server gives every script tag its response's CSP nonce. */
  readonly script?: string;
}

/** A whole HTML page: head with the inlined stylesheet, the nav bar, the content. */
export const renderLayout = (p: LayoutInput): string => {
  const nav = p.section === null ? '' : SECTIONS.map((s) => `<a href="${s.href}"${s.id === p.section ? ' class="active"' : ''}>${s.label}</a>`).join('');
  const script = p.script === undefined ? '' : `<script>${p.script}</script>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(p.title)} · engram</title><link rel="icon" href="data:,"><style>${PAGE_STYLE}</style>${p.head ?? ''}</head>
<body><nav class="top"><span class="brand"><i></i>engram</span>${nav}<span class="where" title="${escapeHtml(p.where)}">${escapeHtml(p.where)}</span></nav>
<main>${p.body}</main>${script}</body></html>
`;
};
