import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

/**
 * A real SMTP server for tests: aiosmtpd (Debian's python3-aiosmtpd) as its own process, storing
 * every message it accepts in a maildir the test reads. It can be stopped and started again on the
 * same port, to play an SMTP outage.
 */
export class SmtpServer {
  private process: ChildProcess | undefined;
  private output = '';
  readonly maildir = mkdtempSync(join(tmpdir(), 'meridian-smtp-'));

  constructor(readonly port: number) {
    // The Mailbox handler expects the maildir's folders to exist.
    for (const folder of ['new', 'cur', 'tmp']) mkdirSync(join(this.maildir, folder));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (this.process) throw new Error('the SMTP server already runs');
    // /usr/bin/python3: Debian's, which has aiosmtpd (a python3 earlier on PATH may not).
    const child = spawn(
      process.env.AIOSMTPD_PYTHON ?? '/usr/bin/python3',
      ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${this.port}`, '-c', 'aiosmtpd.handlers.Mailbox', this.maildir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.process = child;
    child.stdout?.on('data', (chunk) => {
      this.output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      this.output += String(chunk);
    });
    let ended: number | null | undefined;
    child.once('exit', (code) => {
      ended = code;
    });
    const deadline = Date.now() + timeoutMs;
    while (!(await this.accepts())) {
      if (ended !== undefined) throw new Error(`aiosmtpd ended (${ended}): ${this.output}`);
      if (Date.now() > deadline) throw new Error(`aiosmtpd did not listen within ${timeoutMs} ms: ${this.output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Freezes the server (SIGSTOP): the kernel still accepts connections on its port, but no greeting
   * comes until `resume`. A sender then waits, its mail claimed and still queued, for as long as the
   * test looks (less than the sender's greeting timeout, providers/mail/smtp.ts).
   */
  pause(): void {
    if (!this.process?.pid) throw new Error('the SMTP server does not run');
    process.kill(this.process.pid, 'SIGSTOP');
  }

  /** Lets a paused server go on: it greets the connections that waited, in turn. */
  resume(): void {
    if (this.process?.pid) process.kill(this.process.pid, 'SIGCONT');
  }

  /** Stops the server and waits until the process has ended (its port then refuses connections). */
  async stop(): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      // A paused process takes SIGTERM only once it runs again.
      child.kill('SIGCONT');
      await exited;
    }
  }

  /** Every message received so far, parsed, oldest first. */
  async messages(): Promise<ParsedMail[]> {
    const files = ['new', 'cur'].flatMap((folder) =>
      readdirSync(join(this.maildir, folder)).map((name) => join(this.maildir, folder, name)),
    );
    const parsed = await Promise.all(files.map((file) => simpleParser(readFileSync(file))));
    return parsed.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
  }

  async close(): Promise<void> {
    await this.stop();
    rmSync(this.maildir, { recursive: true, force: true });
  }

  private accepts(): Promise<boolean> {
    return new Promise((done) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
  }
}
