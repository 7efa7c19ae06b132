/**
 * The viewers of the market fan-out benchmark (bench/market-fanout.ts), in a process of their own so
 * that parsing N streams does not share an event loop with the server being measured. Started by
 * `startViewers` with an IPC channel; the child knows it is the child by SSE_VIEWERS_CHILD=1.
 *
 * Each viewer is an HTTP/1.1 connection to GET /api/market/stream. On every read the viewer notes
 * the time first (`now()`, on the parent's clock once `startViewers` has measured the
 * offset between the two), then looks for marked BTC/USD bids (below `mark`) in it: the parent tags
 * each batch it injects with such a bid and reads the arrival times of every viewer back.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes (offset measured). */
const now = () => performance.timeOrigin + performance.now();

type TToChild =
  | { type: 'ping'; sent: number }
  | { type: 'open'; port: number; viewers: number; mark: number }
  | { type: 'collect'; expected: number; timeoutMs: number };

type TFromChild =
  | { type: 'pong'; sent: number; child: number }
  | { type: 'opened' }
  | { type: 'failed'; message: string }
  | { type: 'arrivals'; bids: number[]; times: number[]; cpuMs: number };

export interface TViewers {
  /** Arrivals of the marked bids: `bids[i]` reached one viewer at `times[i]` (the parent's clock). */
  collect(expected: number, timeoutMs: number): Promise<{ bids: number[]; times: number[]; cpuMs: number }>;
  /** Ends every stream and the child. */
  close(): Promise<void>;
}

/**
 * Starts the child, measures its clock against this process's (the exchange with the shortest round
 * trip of 20), and opens `viewers` streams on `port`; resolves once every one has its opening.
 */
export async function startViewers(port: number, viewers: number, mark: number): Promise<TViewers> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    // From the repository's root, where `tsx` resolves.
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SSE_VIEWERS_CHILD: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const next = <T extends TFromChild['type']>(type: T) =>
    new Promise<Extract<TFromChild, { type: T }>>((resolve, reject) => {
      const onMessage = (message: TFromChild) => {
        if (message.type === 'failed') finish(() => reject(new Error(`viewers: ${message.message}`)));
        else if (message.type === type) finish(() => resolve(message as Extract<TFromChild, { type: T }>));
      };
      const onExit = (code: number | null) => finish(() => reject(new Error(`viewers process exited (${code})`)));
      const finish = (settle: () => void) => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        settle();
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const send = (message: TToChild) => child.send(message);

  try {
    let offset = 0;
    let bestRoundTrip = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 20; i++) {
      const reply = next('pong');
      const sent = now();
      send({ type: 'ping', sent });
      const { child: childTime } = await reply;
      const back = now();
      if (back - sent < bestRoundTrip) {
        bestRoundTrip = back - sent;
        offset = childTime - (sent + back) / 2;
      }
    }
    const opened = next('opened');
    send({ type: 'open', port, viewers, mark });
    await opened;
    return {
      async collect(expected, timeoutMs) {
        const reply = next('arrivals');
        send({ type: 'collect', expected, timeoutMs });
        const { bids, times, cpuMs } = await reply;
        return { bids, times: times.map((t) => t - offset), cpuMs };
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The child: opens the streams it is asked to and records when each marked bid arrives. */
function serveAsChild() {
  const reply = (message: TFromChild) => process.send?.(message);
  const bids: number[] = [];
  const times: number[] = [];
  let mark = 0;
  /** CPU time is counted from when every stream is open. */
  let cpuAtStart = process.cpuUsage();

  /** The marked BTC/USD bids in `text`: the parent's own batches carry bids below `mark`. */
  const BID = /"pair":"BTC\/USD","bid":(\d+)/g;
  /**
   * One viewer on a bare socket: the request written by hand and the answer read as text, HTTP/1.1
   * chunk sizes and all, which the bids are found in regardless (no HTTP parser per viewer: with a
   * thousand of them it was most of this process's time). Resolves once the answer's head is in:
   * the server has added the viewer by then.
   */
  const open = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/market/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`),
      );
      socket.setEncoding('latin1');
      // A frame cut between two reads is read once it is whole: `pending` holds its start.
      let pending = '';
      let head = true;
      socket.on('data', (chunk: string) => {
        const at = now();
        let text = pending + chunk;
        if (head) {
          const bodyAt = text.indexOf('\r\n\r\n');
          if (bodyAt < 0) {
            pending = text;
            return;
          }
          const status = text.slice(0, text.indexOf('\r\n'));
          if (!status.startsWith('HTTP/1.1 200 ')) {
            reject(new Error(`stream answered ${status}`));
            socket.destroy();
            return;
          }
          head = false;
          resolve();
          text = text.slice(bodyAt + 4);
        }
        const end = text.lastIndexOf('\n\n');
        if (end < 0) {
          pending = text;
          return;
        }
        pending = text.slice(end + 2);
        // Only `quotes` events: the opening's snapshot repeats the last bid sent (an earlier run's).
        for (const frame of text.slice(0, end).split('\n\n')) {
          if (!frame.includes('event: quotes\n')) continue;
          for (const match of frame.matchAll(BID)) {
            const bid = Number(match[1]);
            if (bid < mark) {
              bids.push(bid);
              times.push(at);
            }
          }
        }
      });
      socket.on('error', reject);
    });

  process.on('message', (message: TToChild) => {
    if (message.type === 'ping') reply({ type: 'pong', sent: message.sent, child: now() });
    else if (message.type === 'open') {
      mark = message.mark;
      // A few at a time: a thousand connects at once overflow the listen backlog.
      const { port, viewers } = message;
      void (async () => {
        for (let i = 0; i < viewers; i += 50) {
          await Promise.all(Array.from({ length: Math.min(50, viewers - i) }, () => open(port)));
        }
      })().then(
        () => {
          cpuAtStart = process.cpuUsage();
          reply({ type: 'opened' });
        },
        (err: unknown) => reply({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
      );
    } else if (message.type === 'collect') {
      const deadline = now() + message.timeoutMs;
      const poll = () => {
        if (bids.length >= message.expected || now() > deadline) {
          const cpu = process.cpuUsage(cpuAtStart);
          reply({ type: 'arrivals', bids, times, cpuMs: (cpu.user + cpu.system) / 1000 });
        } else setTimeout(poll, 5);
      };
      poll();
    }
  });
}

if (process.env.SSE_VIEWERS_CHILD === '1') serveAsChild();
