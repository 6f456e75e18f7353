/** Longest slug kept in a file name: readable, and far below every file system's name limit. */
const MAX_SLUG = 80;

/** FNV-1a, 32 bits: a stable, dependency-free hash that keeps distinct ids in distinct files. */
const fnv1a = (text: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
};

/**
 * The file name of an instinct: a readable slug of its id plus a hash of the full id. Tool names
 * are arbitrary text, so the slug keeps only safe characters and can never escape its folder.
 */
export const instinctFileName = (id: string): string => {
  const slug = id
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, MAX_SLUG);
  return `${slug}-${fnv1a(id)}.md`;
};
