// `npm run bench`: the engine micro-benchmarks, then the HTTP benchmark.
import { execFileSync } from 'node:child_process';

for (const script of ['bench/engine.ts', 'bench/http.ts']) {
  console.log(`\n== ${script}`);
  execFileSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
}
