import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventLogContract } from './testing/event-log.contract.js';
import { layerJsonlEventLog } from './effects/layer-jsonl-event-log.js';
import { layerMemoryEventLog } from './layer-memory-event-log.js';

eventLogContract('in-memory', () => layerMemoryEventLog);
eventLogContract('JSONL files', () => layerJsonlEventLog({ dir: join(mkdtempSync(join(tmpdir(), 'engram-log-')), 'events'), pollMs: 5 }));
