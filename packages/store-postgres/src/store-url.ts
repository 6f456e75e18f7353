/** Where the store setting comes from, for error messages. */
export type StoreUrlSource = '--store' | 'ENGRAM_STORE';

/**
 * The PostgreSQL URL a store setting names, or an error message naming the setting and the
 * allowed form. Only `postgres://` and `postgresql://` URLs are stores (files are the default and
 * need no setting); anything else is refused rather than guessed.
 */
export const parseStoreUrl = (value: string, source: StoreUrlSource): { readonly url: string } | { readonly problem: string } => {
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value).replace(/:[^:@/]*@/, ':***@');
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return { problem: `${source} ${shown} is not a URL: use postgres://USER@HOST:PORT/DB` };
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return { problem: `${source} ${shown}: only postgres:// (or postgresql://) URLs are stores: use postgres://USER@HOST:PORT/DB` };
  if (u.hostname === '' || u.pathname.length <= 1) return { problem: `${source} ${shown} needs a host and a database: use postgres://USER@HOST:PORT/DB` };
  return { url: value };
};
