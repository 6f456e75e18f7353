import { escapeHtml } from './escape-html.js';

/** Longest name a table cell shows whole; a habit chain of MCP tool names runs to hundreds of characters. */
const MAX_LABEL = 120;

/** A name for a table cell, escaped: shortened with an ellipsis past `max`, the whole text in its tooltip. */
export const shortLabel = (text: string, max = MAX_LABEL): string =>
  text.length <= max ? escapeHtml(text) : `<span title="${escapeHtml(text)}">${escapeHtml(text.slice(0, max - 1))}…</span>`;
