/**
 * The cheap path's test (anton.md §4.1): a cell is clean when it has no error and nothing on
 * stderr once trimmed; stdout is ignored. Clean cells are never buffered and cost no model call.
 * Whitespace-only error text counts as no error (Anton tests the error for truthiness, and the
 * dispatcher never reports a blank error on purpose).
 */
export const isCleanCell = (cell: { readonly error: string; readonly stderr: string }): boolean =>
  cell.error.trim() === '' && cell.stderr.trim() === '';
