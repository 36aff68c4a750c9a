import type { ProductVariantInput } from '@facet/contract/modules/products/product.schema';
import { useCallback, useSyncExternalStore } from 'react';
import type { VariantDraft } from './variants.ts';

/** The variant fields a row edits and shows a message for ('options' for a clash of combinations). */
export type VariantField = 'sku' | 'modelNumber' | 'price' | 'options';
export type VariantErrors = Partial<Record<VariantField, string>>;

const NO_ERRORS: VariantErrors = Object.freeze({});

/**
 * The product's variants, outside antd's form store: a product may have 1,000 of them, and a row
 * subscribes to its own entry only, so typing a price re-renders that row, not the table or the form.
 * Rows are immutable objects replaced on change (a row's snapshot is its object). The list of keys
 * changes only when variants are generated; removing and restoring changes the row alone.
 */
export class VariantStore {
  private rows = new Map<string, VariantDraft>();
  private order: readonly string[] = [];
  private errors = new Map<string, VariantErrors>();
  private rowListeners = new Map<string, Set<() => void>>();
  private listListeners = new Set<() => void>();
  /** Bumped on every change, so a summary (counts) can subscribe cheaply. */
  private revision = 0;
  private revisionListeners = new Set<() => void>();

  constructor(rows: readonly VariantDraft[] = []) {
    this.setAll(rows, false);
  }

  getOrder = () => this.order;
  getRow = (key: string) => this.rows.get(key);
  getErrors = (key: string) => this.errors.get(key) ?? NO_ERRORS;
  getRevision = () => this.revision;
  /** Every row, in the table's order. */
  all = (): VariantDraft[] => this.order.map((key) => this.rows.get(key)!);

  subscribeList = (listener: () => void) => {
    this.listListeners.add(listener);
    return () => void this.listListeners.delete(listener);
  };

  subscribeRevision = (listener: () => void) => {
    this.revisionListeners.add(listener);
    return () => void this.revisionListeners.delete(listener);
  };

  subscribeRow(key: string, listener: () => void) {
    const listeners = this.rowListeners.get(key) ?? new Set();
    listeners.add(listener);
    this.rowListeners.set(key, listeners);
    return () => void listeners.delete(listener);
  }

  /** Replaces the whole list (Generate); rows whose object is unchanged are not re-rendered. */
  setAll(rows: readonly VariantDraft[], notify = true) {
    const previous = this.rows;
    this.rows = new Map(rows.map((row) => [row.key, row]));
    this.order = rows.map((row) => row.key);
    for (const key of this.errors.keys()) if (!this.rows.has(key)) this.errors.delete(key);
    if (!notify) return;
    for (const [key, row] of this.rows) if (previous.get(key) !== row) this.notifyRow(key);
    this.listListeners.forEach((listener) => listener());
    this.touch();
  }

  /** Changes one row; a field's message goes as soon as the field is edited (the next submit checks again). */
  update(key: string, change: Partial<VariantDraft>) {
    const row = this.rows.get(key);
    if (!row) return;
    this.rows.set(key, { ...row, ...change });
    const errors = this.errors.get(key);
    if (errors && Object.keys(change).some((field) => field in errors)) {
      const rest = { ...errors };
      for (const field of Object.keys(change)) delete rest[field as VariantField];
      this.errors.set(key, rest);
    }
    this.notifyRow(key);
    this.touch();
  }

  /** Applies a change to many rows at once (images applied By Specific Option, a price for all). */
  updateMany(change: (row: VariantDraft) => VariantDraft) {
    for (const key of this.order) {
      const row = this.rows.get(key)!;
      const next = change(row);
      if (next === row) continue;
      this.rows.set(key, next);
      this.notifyRow(key);
    }
    this.touch();
  }

  /** The messages of the last submit, by row key; rows whose messages change are re-rendered. */
  setErrors(errors: Map<string, VariantErrors>) {
    const touched = new Set([...this.errors.keys(), ...errors.keys()]);
    this.errors = errors;
    touched.forEach((key) => this.notifyRow(key));
  }

  /**
   * The variants as the save sends them: removed rows left out (the contract's "leaving it out"; a
   * saved one is then soft deleted), and the key of each sent row, to place the server's messages.
   */
  toInput(): { variants: ProductVariantInput[]; keys: string[] } {
    const live = this.all().filter((row) => !row.removed);
    return {
      keys: live.map((row) => row.key),
      variants: live.map((row) => ({
        ...(row.id === undefined ? {} : { id: row.id }),
        options: row.options,
        sku: row.sku,
        modelNumber: row.modelNumber,
        // Null stays null so the schema says the price is required.
        price: row.price as number,
        baseImage: row.baseImage,
        otherImages: row.otherImages,
        video: row.video,
      })),
    };
  }

  private notifyRow(key: string) {
    this.rowListeners.get(key)?.forEach((listener) => listener());
  }

  private touch() {
    this.revision += 1;
    this.revisionListeners.forEach((listener) => listener());
  }
}

/** The keys of the rows, in order: changes only when variants are generated. */
export const useVariantOrder = (store: VariantStore) => useSyncExternalStore(store.subscribeList, store.getOrder);

/** Re-renders on any change: for small summaries (counts), never for the table. */
export const useVariantRevision = (store: VariantStore) => useSyncExternalStore(store.subscribeRevision, store.getRevision);

/** One row and its messages; re-renders only when this row changes. */
export function useVariantRow(store: VariantStore, key: string) {
  const subscribe = useCallback((listener: () => void) => store.subscribeRow(key, listener), [store, key]);
  const row = useSyncExternalStore(subscribe, () => store.getRow(key));
  const errors = useSyncExternalStore(subscribe, () => store.getErrors(key));
  return { row, errors };
}
