import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestClient, createWalletClient, http, publicActions, walletActions } from 'viem';
import { hardhat } from 'viem/chains';
import { freePort } from './processes.ts';

/**
 * A real local EVM node for the chain-deposit tests (docs/operations.md, "Running the tests"):
 * Hardhat 2's `hardhat node` (its EDR engine ships prebuilt inside npm packages, nothing is downloaded
 * at install time), started as a child process on a free port from a minimal config written to a
 * temporary folder, with automatic mining off so a test mines blocks when it chooses.
 *
 * The app is given `url`, a TCP relay in front of the node, so a test can make the node go away
 * (`disconnect`: connections refused, the chain kept) and come back (`reconnect`) without losing its
 * chain; `kill` and `restart` end the process itself (a restarted node begins a new chain).
 */

const SERVER_ROOT = resolve(import.meta.dirname, '../..');
const HARDHAT_CLI = createRequire(join(SERVER_ROOT, 'package.json')).resolve('hardhat/internal/cli/cli.js');

/** Hardhat's first default account: 10,000 ETH, unlocked on the node (it signs `eth_sendTransaction`). */
export const FUNDED_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;

export interface TEvmNode {
  /** What the app is configured with: the relay, which `disconnect` closes. */
  url: string;
  /** The node itself, for the test's own calls. */
  directUrl: string;
  client: ReturnType<typeof testClientOf>;
  disconnect(): Promise<void>;
  reconnect(): Promise<void>;
  kill(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function testClientOf(url: string) {
  return createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url), account: FUNDED_ACCOUNT })
    .extend(publicActions)
    .extend(walletActions);
}

/** `port`: where the app reaches the node (the relay); free when omitted. E2E journeys fix it in their config. */
export async function startEvmNode(options: { port?: number } = {}): Promise<TEvmNode> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-evm-'));
  writeFileSync(
    join(dir, 'hardhat.config.cjs'),
    // A high block gas limit: the benchmark puts 1,000 token transfers in one block.
    'module.exports = { networks: { hardhat: { chainId: 31337, blockGasLimit: 1000000000, mining: { auto: false, interval: 0 } } } };\n',
  );
  const nodePort = await freePort();
  const relayPort = options.port ?? (await freePort());
  const directUrl = `http://127.0.0.1:${nodePort}`;
  let child: ChildProcess | undefined;

  const launch = async () => {
    // Hardhat refuses to run unless it resolves from the working folder: apps/server has it. It reaches
    // out to no network here: no telemetry consent is given (the prompt is off), and its banner and
    // version checks run only on a terminal, while its output here is a pipe.
    const started = spawn(
      process.execPath,
      [
        HARDHAT_CLI,
        '--config',
        join(dir, 'hardhat.config.cjs'),
        'node',
        '--hostname',
        '127.0.0.1',
        '--port',
        String(nodePort),
      ],
      {
        cwd: SERVER_ROOT,
        env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    started.stdout?.resume();
    started.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child = started;
    // On a loaded 2-core machine the node's first answer has taken over 30 s.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`hardhat node ended (${started.exitCode}): ${err}`);
      const ok = await fetch(directUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      }).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Not left running behind a failed start (the caller has no handle to end it by).
    await end();
    throw new Error('hardhat node did not answer within 60 s');
  };

  const end = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill('SIGKILL');
    await exited;
  };

  // The relay: every connection piped to the node while connected; closed, the port refuses.
  let relay: Server | undefined;
  const sockets = new Set<Socket>();
  const openRelay = () =>
    new Promise<void>((done, fail) => {
      const server = createServer((socket) => {
        sockets.add(socket);
        const upstream = connect(nodePort, '127.0.0.1');
        socket.pipe(upstream).pipe(socket);
        const drop = () => {
          sockets.delete(socket);
          socket.destroy();
          upstream.destroy();
        };
        socket.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.once('error', fail);
      server.listen(relayPort, '127.0.0.1', () => {
        relay = server;
        done();
      });
    });
  const closeRelay = () =>
    new Promise<void>((done) => {
      const server = relay;
      relay = undefined;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return done();
      server.close(() => done());
    });

  await launch();
  await openRelay();
  return {
    url: `http://127.0.0.1:${relayPort}`,
    directUrl,
    client: testClientOf(directUrl),
    disconnect: closeRelay,
    reconnect: openRelay,
    kill: end,
    restart: async () => {
      await end();
      await launch();
    },
    stop: async () => {
      await closeRelay();
      await end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Tells viem's wallet actions which chain a test node is; re-exported so tests need one import. */
export { createWalletClient, hardhat, http };
