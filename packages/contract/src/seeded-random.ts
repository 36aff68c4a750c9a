/**
 * mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed. The same seed gives
 * the same sequence on any machine, which demo data, the generated and fake feeds and the storefront
 * simulation rely on to make the same stones and shoppers every time. Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
