import { escapeHtml } from './escape-html.js';

/** Problems named on a page (file, line, field); a log broken throughout would bury the page otherwise. */
export const MAX_PROBLEMS_SHOWN = 10;

/** The first problems, escaped, one per line (`<br>`): every page's note of what could not be read. */
export const problemLines = (problems: readonly string[]): string => problems.slice(0, MAX_PROBLEMS_SHOWN).map(escapeHtml).join('<br>');
