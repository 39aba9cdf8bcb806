/**
 * Windows-1252 to text. Browsers' TextDecoder("windows-1252") follows the WHATWG table, but
 * Node 20 (built with small ICU) decodes that label as ISO-8859-1, so the 27 characters
 * Windows-1252 puts in 0x80-0x9F (the euro sign, curly quotes, dashes) came out as C1 control
 * characters in the CLI while the app read them right. The table below maps those bytes on
 * every runtime; the five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D)
 * stay as their own code points, as the WHATWG decoder leaves them.
 */
const HIGH_CONTROL_BLOCK: Readonly<Record<number, number>> = {
  128: 0x20ac, // €
  130: 0x201a, // ‚
  131: 0x0192, // ƒ
  132: 0x201e, // „
  133: 0x2026, // …
  134: 0x2020, // †
  135: 0x2021, // ‡
  136: 0x02c6, // ˆ
  137: 0x2030, // ‰
  138: 0x0160, // Š
  139: 0x2039, // ‹
  140: 0x0152, // Œ
  142: 0x017d, // Ž
  145: 0x2018, // ‘
  146: 0x2019, // ’
  147: 0x201c, // “
  148: 0x201d, // ”
  149: 0x2022, // •
  150: 0x2013, // –
  151: 0x2014, // —
  152: 0x02dc, // ˜
  153: 0x2122, // ™
  154: 0x0161, // š
  155: 0x203a, // ›
  156: 0x0153, // œ
  158: 0x017e, // ž
  159: 0x0178, // Ÿ
};

export function decodeWindows1252(bytes: Uint8Array): string {
  // Byte n is code point n everywhere but 0x80-0x9F (ISO-8859-1), so only those need the table.
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    units[i] = HIGH_CONTROL_BLOCK[byte] ?? byte;
  }
  let text = "";
  const CHUNK = 8192; // String.fromCharCode takes its units as arguments: keep the call stack small
  for (let at = 0; at < units.length; at += CHUNK) text += String.fromCharCode(...units.subarray(at, at + CHUNK));
  return text;
}
