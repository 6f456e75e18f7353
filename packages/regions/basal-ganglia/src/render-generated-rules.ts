import type { Instinct } from './instinct.js';

/**
 * `generated-rules.md`: one line per promoted instinct, in the seed's format, each tagged with
 * the instinct's stable id so cortex can record the id when it injects the rule (which is what
 * the self-confirmation guard keys on).
 */
export const renderGeneratedRules = (promoted: readonly Instinct[]): string => {
  const head = [
    '# Generated rules',
    '',
    '<!-- Written by engram (basal ganglia) from promoted instincts; edits are overwritten. Archive an instinct to remove its rule. -->',
    '',
  ];
  const rules = promoted.map((i) => `- **[${Math.round(i.confidence * 100)}%, ${i.observations}x seen]** ${i.description} (seen ${i.observations}x) <!-- id: ${i.id} -->`);
  return `${[...head, ...rules].join('\n')}\n`;
};
