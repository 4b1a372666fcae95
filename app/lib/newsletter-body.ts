/**
 * The newsletter's safe formatting (decision 022): plain-text paragraphs (a blank line between
 * them, single line breaks kept) and links, written `[words](https://…)` or as a bare https
 * address. Nothing else is markup: what staff type is always text, in the mail and the preview.
 */

export type Segment = { text: string; href?: string };
/** Paragraphs, each a list of lines, each a list of segments. */
export type NewsletterBody = Segment[][][];

const LINK =
  /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]{1,2000}|mailto:[^\s)]{1,300})\)|(https?:\/\/[^\s<>"]{1,2000})/g;

function lineSegments(line: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    if (match.index > last) segments.push({ text: line.slice(last, match.index) });
    // A bare address ending a sentence keeps its full stop outside the link.
    const bare = match[3]?.replace(/[.,;:!?]+$/, "");
    if (bare !== undefined) {
      segments.push({ text: bare, href: bare });
      last = match.index + bare.length;
    } else {
      segments.push({ text: match[1]!, href: match[2]! });
      last = match.index + match[0].length;
    }
  }
  if (last < line.length) segments.push({ text: line.slice(last) });
  return segments;
}

export function parseNewsletterBody(body: string): NewsletterBody {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => paragraph.split("\n").map(lineSegments));
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The mail's HTML part: escaped text in <p>, links as <a>. */
export function newsletterHtml(body: string): string {
  return parseNewsletterBody(body)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .map((line) =>
            line
              .map((segment) =>
                segment.href
                  ? `<a href="${escapeHtml(segment.href)}">${escapeHtml(segment.text)}</a>`
                  : escapeHtml(segment.text),
              )
              .join(""),
          )
          .join("<br>")}</p>`,
    )
    .join("\n");
}

/** The mail's text part: a link written with words shows as "words (address)". */
export function newsletterText(body: string): string {
  return parseNewsletterBody(body)
    .map((paragraph) =>
      paragraph
        .map((line) =>
          line
            .map((segment) =>
              segment.href && segment.href !== segment.text
                ? `${segment.text} (${segment.href})`
                : segment.text,
            )
            .join(""),
        )
        .join("\n"),
    )
    .join("\n\n");
}
