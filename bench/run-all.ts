// `npm run bench` (after `npm run build`): the engine micro-benchmarks, the HTTP benchmark in the
// production layout, then the llm pool's heap.
import { execFileSync } from 'node:child_process';

for (const script of ['bench/engine.ts', 'bench/http.ts', 'bench/llm-heap.ts']) {
  console.log(`\n== ${script}`);
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
