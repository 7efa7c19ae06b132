#!/usr/bin/env node
/**
 * `npm run dev`: the server (tsx watch, restarts on a change of its code or of the contracts) and
 * the web app (Vite, hot reload) together, each line prefixed with where it came from. Vite answers
 * the pages and passes /api on to the server, so the one address to open is Vite's; it is printed
 * once both answer. Ctrl-C stops both; if either stops, so does the other.
 *
 * Settings: PORT (the server's, 3000) and WEB_PORT (Vite's, 5173); everything else the server reads
 * as usual (docs/operations.md, "Settings"). PUBLIC_URL defaults to Vite's address, so emailed links, the
 * sign-in origin check and passkeys work on the page you open.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const serverPort = Number(process.env.PORT ?? 3000);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const webUrl = `http://localhost:${webPort}`;
const serverUrl = `http://localhost:${serverPort}`;

const children = [
  start('server', ['run', 'dev', '-w', '@meridian/server'], {
    PORT: String(serverPort),
    PUBLIC_URL: process.env.PUBLIC_URL ?? webUrl,
  }),
  start('web', ['run', 'dev', '-w', '@meridian/web', '--', '--port', String(webPort), '--strictPort'], {
    API_PROXY_TARGET: serverUrl,
  }),
];

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
announceWhenReady();

function start(name, args, env) {
  // Its own process group, so stopping it reaches the watcher npm started and what that runs.
  const child = spawn('npm', args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.on('exit', (code) => {
    if (!stopping) {
      process.stdout.write(`[${name}] stopped (exit ${code ?? 'by signal'}); stopping the other\n`);
      stop(code ?? 1);
    }
  });
  return child;
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  // The server finishes its requests in flight on SIGTERM (docs/architecture.md, "Shutting down").
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.on('exit', r)) : null))).then(
    () => process.exit(code),
  );
}

/** Prints the address to open once the page and the API (through Vite) both answer. */
async function announceWhenReady() {
  const deadline = Date.now() + 120_000;
  while (!stopping && Date.now() < deadline) {
    // The server first, so Vite does not log a proxy error for each try while it starts.
    if (
      (await answers(`${serverUrl}/api/health/live`)) &&
      (await answers(webUrl)) &&
      (await answers(`${webUrl}/api/health`))
    ) {
      process.stdout.write(`\n  Meridian is up: open ${webUrl}\n  (API at ${webUrl}/api, served by ${serverUrl})\n\n`);
      return;
    }
    await sleep(500);
  }
  if (!stopping)
    process.stdout.write(`\n  Not answering after 2 minutes: see the lines above. The page is ${webUrl}\n\n`);
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return res.status < 500;
  } catch {
    return false;
  }
}
