import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A local stand-in for Binance's combined-stream server: records the URL of every connection, sends
 * what a test asks to every client, and can go down and come back on the same port.
 */
export class FakeExchange {
  readonly urls: string[] = [];
  private server: WebSocketServer | undefined;
  private readonly clients = new Set<WebSocket>();
  port = 0;

  static async start(): Promise<FakeExchange> {
    const fake = new FakeExchange();
    await fake.listen(0);
    return fake;
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`;
  }

  get connected(): number {
    return this.clients.size;
  }

  /** `{"stream":"btcusdt@bookTicker","data":{…}}` to every client. */
  bookTicker(symbol: string, bid: string, ask: string) {
    const lower = symbol.toLowerCase();
    this.sendRaw(
      JSON.stringify({
        stream: `${lower}@bookTicker`,
        data: { u: 400900217, s: symbol.toUpperCase(), b: bid, B: '1.5', a: ask, A: '2.25' },
      }),
    );
  }

  miniTicker(symbol: string, close: string, open: string) {
    const lower = symbol.toLowerCase();
    this.sendRaw(
      JSON.stringify({
        stream: `${lower}@miniTicker`,
        data: {
          e: '24hrMiniTicker',
          E: Date.now(),
          s: symbol.toUpperCase(),
          c: close,
          o: open,
          h: close,
          l: open,
          v: '1',
          q: '1',
        },
      }),
    );
  }

  sendRaw(text: string) {
    for (const client of this.clients) client.send(text);
  }

  /** The server goes away: every connection is cut and new ones are refused until `restart()`. */
  async down() {
    for (const client of this.clients) client.terminate();
    this.clients.clear();
    const server = this.server;
    this.server = undefined;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async restart() {
    await this.listen(this.port);
  }

  async close() {
    await this.down();
  }

  private async listen(port: number) {
    const server = new WebSocketServer({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
    this.port = (server.address() as AddressInfo).port;
    server.on('connection', (socket, request) => {
      this.urls.push(request.url ?? '');
      this.clients.add(socket);
      socket.on('close', () => this.clients.delete(socket));
    });
    this.server = server;
  }
}
