/**
 * The first `max` characters of `text`, counted in code points as Python slices (`s[:n]`), so
 * Anton's limits mean the same here and a cut never splits a surrogate pair.
 */
export const cutChars = (text: string, max: number): string => {
  if (text.length <= max) return text;
  let units = 0;
  let points = 0;
  while (units < text.length && points < max) {
    const code = text.charCodeAt(units);
    units += code >= 0xd800 && code <= 0xdbff && units + 1 < text.length ? 2 : 1;
    points++;
  }
  return text.slice(0, units);
};
