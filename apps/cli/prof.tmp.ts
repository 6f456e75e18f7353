import { FileSemanticStore } from '@engram/hippocampus';
import { mkdtempSync } from 'node:fs';
const dir = mkdtempSync('/tmp/hcp-') + '/memory';
const s = new FileSemanticStore({ dir, scope: 'global' });
const n = 2000;
let t = performance.now();
for (let i = 0; i < n; i++) await s.encodeLesson(`Endpoint one-${i} rate-limits at ${i % 97} requests per minute; back off`, { topic: 'bench' });
console.log('ms/op', (performance.now() - t) / n);
