import { rules } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { findSecretSpans } from './find-secret-spans.js';
import { SECRETLINT_KEYWORDS, SECRETLINT_RULE_IDS } from './secretlint-rules.js';

const short = (id: string): string => id.replace('@secretlint/secretlint-rule-', '');

describe("secretlint's recommended rules, run synchronously", () => {
  it('gives every scanner rule of the preset keywords, so a rule the dependency adds cannot go unused', () => {
    const scanners = (rules as unknown as { meta: { id: string; type?: string } }[])
      .filter((r) => (r.meta.type ?? 'scanner') === 'scanner' && short(r.meta.id) !== 'filter-comments')
      .map((r) => short(r.meta.id));
    expect(scanners.length).toBeGreaterThanOrEqual(20);
    const missing = scanners.filter((id) => (SECRETLINT_KEYWORDS[id] ?? []).length === 0);
    expect(missing, 'add keywords for these rules in secretlint-rules.ts').toEqual([]);
    expect(SECRETLINT_RULE_IDS.map(short).sort()).toEqual([...scanners].sort());
  });

  it('finds a key only a preset rule knows (SendGrid), named after the rule', () => {
    const key = ['S', 'G.', 'aB3dE5fG7hJ9kL1mN3pQ5r', '.', 'sT7uV9wX1yZ3aB5cD7eF9gH1jK3lM5nP7qR9sT1uV3w'].join('');
    const spans = findSecretSpans(`mail key ${key} end`);
    expect(spans).toEqual([{ start: 9, end: 9 + key.length, kind: 'sendgrid' }]);
  });

  it('redacts the value a rule reports inside its match, not the name next to it (the AWS rule reports the whole pair)', () => {
    const secret = ['wJalrXUtnFEMI', '/K7MDENG/', 'bPxRfiCYzX9mPLEKEY'].join('');
    const text = `AWS_SECRET_ACCESS_KEY: "${secret}"`;
    const [span] = findSecretSpans(text);
    expect(text.slice(span?.start, span?.end)).toBe(secret);
  });
});
