/**
 * Rows of a server-paged grid held in blocks of GRID_BLOCK_SIZE, keyed by block index.
 * Pure: the component decides when to load; this says which blocks a visible range needs.
 */
import type { GridRow } from "./grid-types";

export class BlockCache {
  private blocks = new Map<number, GridRow[]>();
  private loading = new Set<number>();

  constructor(readonly blockSize: number) {}

  blockOf(index: number): number {
    return Math.floor(index / this.blockSize);
  }

  has(block: number): boolean {
    return this.blocks.has(block);
  }

  isLoading(block: number): boolean {
    return this.loading.has(block);
  }

  markLoading(block: number, on: boolean): void {
    if (on) this.loading.add(block);
    else this.loading.delete(block);
  }

  /** Stores a block; returns the ids it repeats from other blocks (duplicate row ids). */
  set(block: number, rows: GridRow[]): number[] {
    const seen = new Set<number>();
    for (const [b, r] of this.blocks) if (b !== block) for (const row of r) seen.add(row.id);
    const duplicates = rows.filter((r) => seen.has(r.id)).map((r) => r.id);
    this.blocks.set(block, rows);
    this.loading.delete(block);
    return duplicates;
  }

  rowAt(index: number): GridRow | undefined {
    return this.blocks.get(this.blockOf(index))?.[index % this.blockSize];
  }

  /** Blocks covering [first - buffer, last + buffer] that are neither loaded nor loading. */
  missing(first: number, last: number, buffer: number, count: number): number[] {
    if (count <= 0) return [];
    const from = this.blockOf(Math.max(0, first - buffer));
    const to = this.blockOf(Math.max(0, Math.min(count - 1, last + buffer)));
    const out: number[] = [];
    for (let b = from; b <= to; b++) if (!this.blocks.has(b) && !this.loading.has(b)) out.push(b);
    return out;
  }

  /** Applies a change to every loaded row (e.g. new row colours). */
  updateRows(fn: (row: GridRow) => GridRow): void {
    for (const [b, rows] of this.blocks) this.blocks.set(b, rows.map(fn));
  }

  loadedRows(): GridRow[] {
    return [...this.blocks.entries()].sort((a, b) => a[0] - b[0]).flatMap(([, r]) => r);
  }
}
