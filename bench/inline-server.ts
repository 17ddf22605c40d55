// The inline baseline of the HTTP benchmark: a plain node:http server that scores in-process with the
// engine imported by name from the built package, answering what /api/score answers for a prompt
// (no Koa, no validation library, no queue, no Redis). `node --import tsx bench/inline-server.ts <port>`.
import { createServer } from 'node:http';
import { scorePrompt, toScoreObject, type Vertical } from 'promptgate';

const port = Number(process.argv[2] ?? 0);

createServer((req, res) => {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (text += chunk));
  req.on('end', () => {
    const { prompt, vertical = 'general' } = JSON.parse(text) as { prompt: string; vertical?: Vertical };
    const s = scorePrompt(prompt, vertical);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ prompt, vertical, score: toScoreObject(s), top_fixes: s.top_fixes }));
  });
}).listen(port, '127.0.0.1', () => process.send?.('listening'));
