import { request as httpRequest } from 'node:http';

/** An open live price stream (GET /api/market/stream on a listening server), or its refusal. */
export interface TTestStream {
  status: number;
  /** Everything received so far. */
  text(): string;
  /** Resolves when the server has ended the response. */
  ended: Promise<void>;
  close(): void;
}

export function openStream(baseUrl: string): Promise<TTestStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/api/market/stream`, { headers: { accept: 'text/event-stream' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      const ended = new Promise<void>((done) => res.on('end', done));
      resolve({ status: res.statusCode ?? 0, text: () => text, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}
