import { spawnSync } from 'node:child_process';

/** Where Debian's `prometheus` package puts promtool (`PROMTOOL` elsewhere). */
const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';

/**
 * Runs Prometheus' own checker, `promtool <args>`, with `input` on its standard input: its exit
 * status and everything it printed. Throws when promtool is not installed (Debian:
 * `apt-get install -y prometheus`), rather than letting the check pass unseen.
 */
export function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync(PROMTOOL, args, { input, encoding: 'utf8', timeout: 60_000 });
  if (run.error)
    throw new Error(`promtool did not run (${PROMTOOL}; Debian: apt-get install -y prometheus)`, { cause: run.error });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
