import type { Instinct } from './instinct.js';

/** Marks the machine-readable record inside an instinct file; the markdown above it is for people. */
export const INSTINCT_MARKER = 'engram-instinct';

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const day = (isoTime: string): string => isoTime.slice(0, 10);

/** Renders an instinct file in the seed's format, followed by its record as an HTML comment. */
export const renderInstinct = (i: Instinct): string => {
  const title = i.kind === 'chain' ? `${i.tools.join('->')} chain` : i.description;
  const lines = [
    `# Instinct: ${title}`,
    `- Confidence: ${pct(i.confidence)}`,
    `- Observations: ${i.observations}`,
    `- First seen: ${day(i.firstSeen)}`,
    `- Last seen: ${day(i.lastSeen)}`,
    `- Sessions: ${i.sessions}/${i.sessionsInWindow}`,
    `- Status: ${i.status}${i.archiveReason === null ? '' : ` (${i.archiveReason})`}`,
    `- Id: \`${i.id}\``,
  ];
  if (i.selfConfirmed > 0) lines.push(`- Not counted (seen while its own rule was injected): ${i.selfConfirmed}`);
  // `--` cannot appear inside an HTML comment; JSON escapes keep the record intact.
  const record = JSON.stringify(i).replace(/--/g, '-\\u002d');
  return `${lines.join('\n')}\n\n<!-- ${INSTINCT_MARKER} ${record} -->\n`;
};
