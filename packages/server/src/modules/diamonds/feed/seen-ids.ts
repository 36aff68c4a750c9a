/**
 * Which ids a feed read has already sent, to tell whether any came twice (the feed's pages moved
 * under the read): when none did, the merge skips deleting the superseded staged rows, a pass over
 * every staged stone twice (1.3 s of a first load of 600,000). Held as 53-bit digests in an
 * open-addressing table (8 bytes an id, 16 MB at a million), not as the ids themselves (a Set of a
 * million strings keeps ~50 MB alive for the read). Two different ids with the same digest (about one
 * read in 10,000 at a million ids) only make the merge run the deletion for nothing.
 */
export class SeenIds {
  private slots = new Float64Array(1 << 16);
  private count = 0;
  /** Whether an id was sent twice (or two ids share a digest). */
  repeated = false;

  /** Adds an id; false when it (or its digest) was there already. */
  add(id: string): boolean {
    let low = 0x811c9dc5;
    let high = 0x01000193;
    for (let i = 0; i < id.length; i += 1) {
      const code = id.charCodeAt(i);
      low = Math.imul(low ^ code, 0x01000193);
      high = Math.imul(high ^ code, 0x5bd1e995) ^ (high >>> 15);
    }
    // 53 bits, never 0 (the empty slot).
    const digest = (low >>> 0) * 0x100000 + (high >>> 12) + 1;
    if (this.count * 2 >= this.slots.length) this.grow();
    if (this.insert(digest)) {
      this.count += 1;
      return true;
    }
    this.repeated = true;
    return false;
  }

  /** Places a digest; false when it was there already. */
  private insert(digest: number): boolean {
    const mask = this.slots.length - 1;
    for (let slot = digest % this.slots.length & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) {
        this.slots[slot] = digest;
        return true;
      }
      if (held === digest) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    for (const digest of old) if (digest !== 0) this.insert(digest);
  }
}
