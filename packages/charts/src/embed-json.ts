/**
 * JSON for a page's inline `<script>`: `<`, `>` and `&` become `\u003c` ..., so no string in the
 * data can close the script or open a comment, and U+2028 / U+2029 (legal in JSON, line ends in
 * older JavaScript) are escaped too. The value parses back unchanged.
 */
export const embedJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
