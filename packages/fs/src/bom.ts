/** The UTF-8 byte order mark some editors (Notepad, some IDEs) put at the start of a file. */
export const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

export const startsWithBom = (bytes: Uint8Array): boolean => bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
