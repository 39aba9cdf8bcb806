import type { DocumentHeading } from "../engine/text/document";

/**
 * Headings of a Markdown text from its own syntax: ATX (`## Title`) and setext (a line underlined with
 * `===` or `---`), outside fenced code. The text itself is kept as the file has it, so offsets point
 * into the file's own characters.
 */
const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;

export function markdownHeadings(text: string): DocumentHeading[] {
  const headings: DocumentHeading[] = [];
  let fence: string | null = null;
  let start = 0;
  let previous: { start: number; line: string } | null = null;
  for (const line of text.split("\n")) {
    const bare = line.replace(/\r$/, "");
    const fenceMark = FENCE.exec(bare)?.[1];
    if (fence !== null) {
      if (fenceMark?.startsWith(fence)) fence = null;
    } else if (fenceMark) {
      fence = fenceMark;
    } else {
      const atx = ATX.exec(bare);
      const setext = SETEXT.exec(bare);
      if (atx?.[1] && atx[2]) headings.push({ level: atx[1].length, text: atx[2], start });
      else if (setext?.[1] && previous && previous.line.trim() !== "" && !ATX.test(previous.line))
        headings.push({ level: setext[1].startsWith("=") ? 1 : 2, text: previous.line.trim(), start: previous.start });
    }
    previous = fence === null ? { start, line: bare } : null;
    start += line.length + 1;
  }
  return headings;
}
