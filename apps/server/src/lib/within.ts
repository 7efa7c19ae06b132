/**
 * `work`, or a rejection with `Error(message)` when it has not settled after `ms`; the timer is
 * cleared either way and never keeps the process alive. `work` itself is not cancelled: whatever it
 * waits on (a pool connection, a Redis answer) still settles later and is ignored.
 */
export async function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
