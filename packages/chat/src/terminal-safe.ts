/** A colour (SGR) sequence, the only escape sequence the chat writes itself (picocolors). */
// eslint-disable-next-line no-control-regex
const SGR = /^\x1b\[[0-9;]*m/;

/**
 * Text from the model, a tool or memory made safe to write to a terminal: every control
 * character except newline and tab is shown as its visible picture (ESC as `␛`, BEL as `␇`), so
 * an answer cannot clear the screen, rewrite a line (`\r`), retitle the window or write the
 * clipboard (OSC 52). With `keepColour`, colour sequences (ours, and harmless ones from data) pass;
 * without it (a pipe, NO_COLOR) not one escape code is written.
 */
export const terminalSafe = (text: string, keepColour: boolean): string => {
  // The quick path: nothing to look at (the common case for a streamed delta).
  // eslint-disable-next-line no-control-regex
  if (!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const code = ch.charCodeAt(0);
    if (ch === '\x1b' && keepColour) {
      const sgr = SGR.exec(text.slice(i, i + 32));
      if (sgr !== null) {
        out += sgr[0];
        i += sgr[0].length - 1;
        continue;
      }
    }
    if (ch === '\r' && text[i + 1] === '\n') continue;
    if (ch === '\n' || ch === '\t') out += ch;
    else if (code < 0x20) out += String.fromCharCode(0x2400 + code);
    else if (code === 0x7f) out += '\u2421';
    else if (code >= 0x80 && code <= 0x9f) out += '\ufffd';
    else out += ch;
  }
  return out;
};
