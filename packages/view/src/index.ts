/**
 * @engram/view: `engram view`, a local web app that shows what engram learned (docs/view.md):
 * sessions and their timelines (live while a session runs), memory with the provenance of each
 * entry, learning (instincts, recipes, the audit), and replay. Read-only by default; write actions
 * call the same package functions as the CLI. Also writes a session timeline as one
 * self-contained HTML file.
 */
export { ViewSource, timelineOfFile, MAX_PROVENANCE, type ViewSourceOptions, type SessionTimeline, type EntryView, type ScopeView, type MemoryView, type LearningView, type ReplayView, type WriteOutcome } from './view-source.js';
export { timelineItems, anchorOf, type TimelineItem, type TimelineTone } from './data/timeline-items.js';
export { sessionRow, isSessionLog, type SessionRow } from './data/session-row.js';
export { entryUsage, usageIndex, type EntryUsage } from './data/entry-usage.js';
export { confidenceOverTime, type ConfidenceSeries } from './data/confidence-over-time.js';
export { createViewHandler, type ViewHandler } from './http/create-view-handler.js';
export { startViewServer, VIEW_HOST, type RunningView } from './http/start-view-server.js';
export { refusalOf } from './http/request-guard.js';
export { renderTimelineDocument } from './pages/render-timeline-document.js';
export { writeTimelinesDocument } from './effects/timelines-document.js';
export { escapeHtml } from './pages/escape-html.js';
export { followLog, FOLLOW_POLL_MS } from './effects/follow-log.js';
export { openInBrowser } from './effects/open-in-browser.js';
export { viewStoreRefusal } from './view-store-refusal.js';
