// Reads the audit stream of paid calls: `npm run -s audit -- tail [-n N]` prints the newest N records
// (default 20), oldest first, one JSON object per line.
import { parseArgs } from 'node:util';
import { AuditLog } from '../api/payments/audit.js';
import { cliConfig, withRedis } from './cli.js';

const USAGE = 'usage:\n  audit tail [-n N]';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { n: { type: 'string', short: 'n', default: '20' } },
  });
  const count = Number(values.n);
  if (positionals[0] !== 'tail' || positionals.length > 1 || !Number.isInteger(count) || count < 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = cliConfig();
  return withRedis(config, async (redis) => {
    const audit = new AuditLog(redis, config.redis.prefix, config.x402.auditStreamMaxLen);
    for (const record of await audit.tail(count)) process.stdout.write(`${JSON.stringify(record)}\n`);
    return 0;
  });
}

process.exitCode = await main(process.argv.slice(2));
