// A queue one side pushes to and the other iterates, asynchronously; close ends it, fail throws in it.
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  private error: unknown = null;

  push(item: T): void {
    this.items.push(item);
    this.notify();
  }

  close(): void {
    this.closed = true;
    this.notify();
  }

  fail(e: unknown): void {
    this.error = e ?? new Error('failed');
    this.closed = true;
    this.notify();
  }

  private notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.items.length) {
        yield this.items.shift()!;
        continue;
      }
      if (this.error) throw this.error;
      if (this.closed) return;
      await new Promise<void>((r) => { this.wake = r; });
    }
  }
}
