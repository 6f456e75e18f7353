// @engram/fs: the file infrastructure every store uses. Paths are named in one place
// (EngramPaths); writes never lie (atomic replace, durable append, both loop until every byte
// is written and undo on failure); nothing is followed through a link; one lock helper.
export { engramPaths, resolveEngramHome, projectEngramDir, rootForDir, ENGRAM_FILE_NAMES, PROJECT_DIR_NAME, type EngramPaths, type EngramPathsOptions } from './engram-paths.js';
export { FsError, isFsError, toFsError, errnoOf, type FsFailureReason, type FsOperation } from './fs-error.js';
export { nodeFsPort, O, type FsPort, type PortStats } from './fs-port.js';
export { faultyFsPort, type FaultPlan, type FaultCounters } from './faulty-fs-port.js';
export { containedPath, isUnder } from './contain-path.js';
export { ensureDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './ensure-dir.js';
export { writeFileAtomic, type AtomicWriteOptions } from './write-file-atomic.js';
export { appendDurably, appendToFd, openForAppend, type AppendOptions, type AppendResult } from './append-durably.js';
export { readContained, readTextContained } from './read-contained.js';
export { removeContained, listContained } from './remove-contained.js';
export { makePrivateFile } from './make-private-file.js';
export { tempPathFor, isTempFor } from './temp-name.js';
export { fileStamp, StampedCache } from './stamped-cache.js';
export { UTF8_BOM, startsWithBom } from './bom.js';
export { withLock, LockCompromisedError, DEFAULT_LOCK_SETTINGS, type LockSettings, type AssertLockHeld } from './with-lock.js';
export { projectId, PROJECT_FILE_NAME, PROJECT_ID_PATTERN } from './project-id.js';
