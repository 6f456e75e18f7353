/**
 * The store was reached but engram will not use the connection as asked: a role that bypasses
 * row-level security without `--allow-unisolated`, or a tenant role naming another tenant. A
 * setting to change, not a failure of the server (the CLI's exit 2). The message is one line
 * naming the role and what to do.
 */
export class StoreRefusal extends Error {
  override name = 'StoreRefusal';
}
