// `npm run bench` (after `npm run build`): the engine micro-benchmarks, the HTTP benchmark in the
// production layout, the pools' tuning figures, the llm pool's heap, then the agents' entry points.
import { execFileSync } from 'node:child_process';

for (const script of ['bench/engine.ts', 'bench/http.ts', 'bench/pools.ts', 'bench/llm-heap.ts', 'bench/agents.ts']) {
  console.log(`\n== ${script}`);
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
