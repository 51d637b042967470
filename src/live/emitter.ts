// A small typed event emitter whose listeners cannot break the emitter or each other: a listener that
// throws is reported (to `error` listeners, or stderr) and the others still run.

type Listener<T> = (value: T) => void;

export class Emitter<Events extends { error: { from: string; message: string } }> {
  private listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => { set!.delete(listener as Listener<never>); };
  }

  protected emit<K extends keyof Events>(event: K, value: Events[K]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        (l as Listener<Events[K]>)(value);
      } catch (e) {
        const message = `a "${String(event)}" listener failed: ${e instanceof Error ? e.message : String(e)}`;
        if (event !== 'error' && this.listeners.get('error')?.size) this.emit('error', { from: 'listener', message } as Events['error']);
        else process.stderr.write(`marker: ${message}\n`);
      }
    }
  }
}
