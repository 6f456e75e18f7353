import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGS } from '../data/demo-logs.test-helper.js';
import { timelineOfFile } from '../view-source.js';
import { renderTimelineDocument } from './render-timeline-document.js';

describe('renderTimelineDocument (engram view --html)', () => {
  it('a hostile log file name is data: in the anchors of a file of several logs it cannot open a tag or end an attribute', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-html-'));
    const hostile = join(dir, `x"><img src=x onerror=alert(1)>.jsonl`);
    copyFileSync(DEMO_LOGS[0], hostile);
    const html = renderTimelineDocument([timelineOfFile(hostile), timelineOfFile(DEMO_LOGS[1])]);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('"><img');
    expect(html).toContain('id="x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;-e1"');
    expect(html).toContain('id="demo-session-2-e1"');
  });
});
