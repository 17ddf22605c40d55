// API key administration: `npm run -s keys -- create --tier <tier> [--name N]` prints the key alone
// on stdout; `list`, `revoke <id>` and `usage <id>` manage and report.
import { parseArgs } from 'node:util';
import { KeyStore } from '../api/auth/key-store.js';
import { TIERS, TierSchema } from '../api/auth/tiers.js';
import { cliConfig, withRedis } from './cli.js';

const USAGE = `usage:
  keys create --tier <${TIERS.join('|')}> [--name NAME]
  keys list
  keys revoke <id>
  keys usage <id>`;

function noSuchKey(id: string): number {
  process.stderr.write(`no key with id ${id}\n`);
  return 1;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { tier: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, id] = positionals;
  const config = cliConfig();
  return withRedis(config, async (redis) => {
    const store = new KeyStore(redis, config.redis.prefix);
    switch (command) {
      case 'create': {
        const tier = TierSchema.safeParse(values.tier);
        if (!tier.success) {
          process.stderr.write(`--tier must be one of ${TIERS.join(', ')}\n`);
          return 2;
        }
        const { key, record } = await store.create(tier.data, values.name ?? '');
        process.stdout.write(`${key}\n`);
        process.stderr.write(`created key ${record.id} (tier ${record.tier}); it is shown only once\n`);
        return 0;
      }
      case 'list': {
        for (const k of await store.list()) {
          process.stdout.write(`${k.id}\t${k.tier}\t${k.revoked_at ? 'revoked' : 'active'}\t${k.hint}…\t${k.created_at}\t${k.name}\n`);
        }
        return 0;
      }
      case 'revoke': {
        if (!id) break;
        if (!(await store.revoke(id))) return noSuchKey(id);
        process.stdout.write(`revoked ${id}\n`);
        return 0;
      }
      case 'usage': {
        if (!id) break;
        if (!(await store.get(id))) return noSuchKey(id);
        const lines = await store.usage(id);
        const total = lines.reduce((sum, l) => sum + l.usd_owed, 0);
        for (const l of lines) process.stdout.write(`${l.endpoint}\t${l.count} calls\t$${l.usd_owed.toFixed(6)}\n`);
        process.stdout.write(`total\t${lines.reduce((n, l) => n + l.count, 0)} calls\t$${total.toFixed(6)}\n`);
        return 0;
      }
    }
    process.stderr.write(`${USAGE}\n`);
    return 2;
  });
}

process.exitCode = await main(process.argv.slice(2));
