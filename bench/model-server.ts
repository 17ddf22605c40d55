// The test model server (test/helpers/fake-openai.ts) in its own process for the HTTP benchmark, so
// its answers do not wait on autocannon's event loop. Every model answers after `delayMs`.
// `node --import tsx bench/model-server.ts <delayMs> <model>...`; over IPC it sends its base URL,
// then answers 'stats' with the most model calls it had in flight, and 'reset' by starting over.
import { startFakeOpenAI } from '../test/helpers/fake-openai.js';

const [delay = '500', ...models] = process.argv.slice(2);
const server = await startFakeOpenAI();
const behave = () => {
  for (const model of models) server.setBehavior(model, { delayMs: Number(delay) });
};
behave();
process.on('message', (message) => {
  if (message === 'stats') process.send?.({ maxInFlight: server.maxInFlight() });
  if (message === 'reset') {
    server.reset();
    behave();
    process.send?.('reset');
  }
});
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
process.send?.({ baseUrl: server.baseUrl });
