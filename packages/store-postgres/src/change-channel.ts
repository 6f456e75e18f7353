/**
 * The LISTEN/NOTIFY channel of a tenant. Notifications are wake-ups, never data: a payload names
 * what changed (`events SESSION SEQ`, `memory SCOPE`) and readers then query through row-level
 * security. Any role may LISTEN on any channel, so a payload never carries memory text.
 */
export const changeChannel = (tenant: string): string => `engram/${tenant}`;

/** The channel quoted as an SQL identifier (tenant names need no escaping: see tenantProblem). */
export const quotedChannel = (tenant: string): string => `"${changeChannel(tenant)}"`;
