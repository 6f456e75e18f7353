/**
 * Every match of a global regex in `text`, reusing the regex (`matchAll` clones it on each
 * call, which costs more than scanning a short line). Safe because scrubbing is synchronous and
 * never re-enters a detector.
 */
export const matches = (re: RegExp, text: string): RegExpExecArray[] => {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0] === '') re.lastIndex++;
    out.push(m);
  }
  re.lastIndex = 0;
  return out;
};
