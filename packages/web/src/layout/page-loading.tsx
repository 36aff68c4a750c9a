/** A plain spinner for while a chunk or the session loads; plain CSS so the entry chunk stays small. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="Loading">
      <span className="page-loading__spinner" />
    </div>
  );
}
