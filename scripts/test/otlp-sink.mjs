// A minimal OTLP/HTTP (JSON) receiver for tests: the stack's processes export their spans here and
// tests read them back from a JSON-lines file, one resource-span batch per line.
import { appendFileSync } from 'node:fs';
import http from 'node:http';

export function startOtlpSink({ port, file }) {
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          for (const resourceSpans of body.resourceSpans ?? [])
            appendFileSync(file, `${JSON.stringify(resourceSpans)}\n`);
        } catch {
          response.writeHead(400).end();
          return;
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
