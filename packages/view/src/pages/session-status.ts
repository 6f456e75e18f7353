import type { SessionRow } from '../data/session-row.js';

/**
 * A session's status pill: live only while a process holds it (a running chat); a log without its
 * end that nobody holds is "not ended" (the chat exited or was killed), never live.
 */
export const sessionStatus = (r: SessionRow, ended = '<span class="pill">ended</span>'): string =>
  r.live ? '<span class="pill live">live</span>' : r.open ? '<span class="pill" title="no process holds this session: it exited without ending it">not ended</span>' : ended;
