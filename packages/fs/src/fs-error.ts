import { TaggedError } from '@engram/kernel';

/**
 * Why a file operation failed: a closed union, so a caller (a CLI command, a hook) can tell a
 * full disk from a refused symlink without parsing messages.
 */
export type FsFailureReason =
  | 'no-space' // ENOSPC: the disk is full
  | 'quota' // EDQUOT: the user's quota is used up
  | 'io' // EIO: the device failed
  | 'read-only' // EROFS: the file system is mounted read-only
  | 'permission' // EACCES / EPERM
  | 'too-many-files' // EMFILE / ENFILE
  | 'not-found' // ENOENT where the file had to exist
  | 'symlink' // a link where engram refuses to follow one
  | 'outside-root' // the path escapes its root (home or <project>/.engram)
  | 'not-a-file' // a folder or device where a regular file was expected
  | 'short-write' // the OS accepted no more bytes without reporting an error
  | 'lock' // the cross-process lock could not be taken or was lost
  | 'other';

/** The file operation that failed, for the message. */
export type FsOperation = 'open' | 'read' | 'write' | 'fsync' | 'rename' | 'unlink' | 'truncate' | 'mkdir' | 'chmod' | 'stat' | 'lock' | 'resolve';

const REASON_OF: Readonly<Record<string, FsFailureReason>> = {
  ENOSPC: 'no-space',
  EDQUOT: 'quota',
  EIO: 'io',
  EROFS: 'read-only',
  EACCES: 'permission',
  EPERM: 'permission',
  EMFILE: 'too-many-files',
  ENFILE: 'too-many-files',
  ENOENT: 'not-found',
  ELOOP: 'symlink',
  EISDIR: 'not-a-file',
};

const DESCRIPTION: Readonly<Record<FsFailureReason, string>> = {
  'no-space': 'no space left on the device',
  quota: 'disk quota exceeded',
  io: 'input/output error',
  'read-only': 'the file system is read-only',
  permission: 'permission denied',
  'too-many-files': 'too many open files',
  'not-found': 'no such file or folder',
  symlink: 'is a symbolic link, which engram never follows',
  'outside-root': 'is outside the folder engram may use',
  'not-a-file': 'is not a regular file',
  'short-write': 'the system stopped accepting bytes',
  lock: 'the lock could not be held',
  other: 'failed',
};

/**
 * A failed file operation, naming the path, the operation, the reason and the OS error code
 * (`errno`, e.g. ENOSPC). Thrown by every writer in @engram/fs after it has undone its partial
 * work, so the message can honestly say what state the file is in (`outcome`).
 */
export class FsError extends TaggedError('FsError')<{
  readonly reason: FsFailureReason;
  readonly path: string;
  readonly op: FsOperation;
  readonly errno: string | null;
  /** What the caller can rely on afterwards, e.g. "the file is unchanged". */
  readonly outcome: string;
  /** The description of the failure without path, code and outcome. */
  readonly detail: string;
  readonly message: string;
  readonly cause?: unknown;
}> {
  constructor(reason: FsFailureReason, path: string, op: FsOperation, errno: string | null, outcome: string, options?: { cause?: unknown; detail?: string }) {
    const code = errno === null ? '' : ` (${errno})`;
    const detail = options?.detail === undefined ? DESCRIPTION[reason] : options.detail;
    super({
      reason,
      path,
      op,
      errno,
      outcome,
      detail,
      message: `${path}: ${detail}${code} during ${op}${outcome === '' ? '' : `; ${outcome}`}`,
      ...(options?.cause === undefined ? {} : { cause: options.cause }),
    });
  }
}

export const isFsError = (err: unknown): err is FsError => err instanceof FsError || (typeof err === 'object' && err !== null && (err as { _tag?: unknown })._tag === 'FsError');

/** The OS error code of a thrown error, if it has one. */
export const errnoOf = (err: unknown): string | null => {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : null;
};

/** Wraps whatever an fs call threw into an FsError naming `path` and `op` (an FsError passes through). */
export const toFsError = (err: unknown, path: string, op: FsOperation, outcome: string): FsError => {
  if (isFsError(err)) return err.outcome === '' && outcome !== '' ? new FsError(err.reason, err.path, err.op, err.errno, outcome, { cause: err.cause, detail: err.detail }) : err;
  const errno = errnoOf(err);
  const reason = errno === null ? 'other' : (REASON_OF[errno] ?? 'other');
  return new FsError(reason, path, op, errno, outcome, {
    cause: err,
    ...(reason === 'other' && err instanceof Error ? { detail: err.message } : {}),
  });
};
