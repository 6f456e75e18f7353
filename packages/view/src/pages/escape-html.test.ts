import { describe, expect, it } from 'vitest';
import { timelineItems } from '../data/timeline-items.js';
import { readDemoLog } from '../data/demo-logs.test-helper.js';
import { escapeHtml } from './escape-html.js';
import { renderTimelineItem } from './render-timeline-item.js';

const HOSTILE = `"><script>alert(1)</script><img src=x onerror='alert(2)'>&amp;`;

describe('escaping: user data is data', () => {
  it('escapes the five characters that can end text or an attribute', () => {
    expect(escapeHtml(HOSTILE)).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(2)&#39;&gt;&amp;amp;');
  });

  it('a hostile user message and tool output reach the timeline as text, never as markup', () => {
    const events = readDemoLog(0).map((e) =>
      e.type === 'executive.turn.started' ? { ...e, data: { message: HOSTILE } } : e.type === 'executive.tool.resulted' ? { ...e, data: { ...e.data, name: HOSTILE, error: HOSTILE, output: HOSTILE } } : e,
    );
    const html = timelineItems(events).map((i) => renderTimelineItem(i)).join('');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
