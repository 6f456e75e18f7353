import { randomBytes } from 'node:crypto';

/** `YYYYMMDD_HHMMSS_xxxx`: local time, then 4 hex chars so two sessions in one second differ. */
export const SESSION_ID_PATTERN = /^\d{8}_\d{6}_[0-9a-f]{4}$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const newSessionId = (nowMs: number, hex: string = randomBytes(2).toString('hex')): string => {
  const d = new Date(nowMs);
  const date = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `${date}_${time}_${hex}`;
};

export const isSessionId = (s: string): boolean => SESSION_ID_PATTERN.test(s);
