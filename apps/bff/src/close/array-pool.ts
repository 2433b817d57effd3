// Typed arrays handed back after a run of months is written, for the next run of the same size
// (segments.ts): the close in segments allocates the same ~30 arrays for every twelve months, and
// freeing and allocating them again left the process's memory growing run after run (the C
// allocator kept the freed blocks: 455 → 720 MiB over four runs at 50 000 members, issue #30).
type Typed = Int32Array | Uint8Array | Uint16Array | Float64Array;
type Kind<T extends Typed> = { new (length: number): T; readonly name: string };

export class ArrayPool {
  private readonly free = new Map<string, Typed[]>();

  /** A zeroed array of `length`: one handed back, else a new one. */
  take<T extends Typed>(kind: Kind<T>, length: number): T {
    const kept = this.free.get(`${kind.name}:${length}`)?.pop() as T | undefined;
    if (!kept) return new kind(length);
    kept.fill(0);
    return kept;
  }

  /** Arrays no longer read (whole arrays, not views of part of one). */
  give(...arrays: readonly Typed[]): void {
    for (const a of arrays) {
      if (a.byteOffset !== 0 || a.byteLength !== a.buffer.byteLength) continue;
      const key = `${a.constructor.name}:${a.length}`;
      const list = this.free.get(key);
      if (!list) this.free.set(key, [a]);
      else if (!list.some((x) => x.buffer === a.buffer)) list.push(a);
    }
  }

  /** Lets every array kept go (no run of their size comes again). */
  clear(): void {
    this.free.clear();
  }
}

/** Allocates new arrays (no pool). */
export const NEW_ARRAYS: Pick<ArrayPool, 'take'> = { take: (kind, length) => new kind(length) };
