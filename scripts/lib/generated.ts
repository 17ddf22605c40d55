// The one behaviour of every script that writes a generated file: write it, or with `--check` exit 1
// when the committed file differs from what would be written (tests and CI run the check).
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

export function writeOrCheck(path: string, text: string, command: string): void {
  const name = basename(path);
  if (process.argv.includes('--check')) {
    if (readFileSync(path, 'utf8') !== text) {
      console.error(`${name} is stale: run \`${command}\``);
      process.exit(1);
    }
    console.log(`${name} is up to date`);
    return;
  }
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
