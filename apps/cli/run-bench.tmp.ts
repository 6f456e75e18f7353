import { memoryStoreBench } from '/work/main/apps/cli/src/bench/memory-bench.ts';
const scale = Number(process.argv[2] ?? '1');
const r = await memoryStoreBench({ scale, progress: (m) => process.stderr.write(m + '\r') });
console.log(JSON.stringify(r, null, 1));
