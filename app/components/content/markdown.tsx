import type { ReactNode } from "react";

/**
 * The safe formatting of a post's body (decision 020): a tiny markdown subset turned into React
 * elements, never into HTML, so nothing typed can become markup or script. Blocks are separated
 * by a blank line: "## " a heading, lines starting "- " a list, anything else a paragraph.
 * Inline: **bold**, *italic* and [text](https://host/… or /path) links; everything else is text.
 * A link target is https with a host, or a path on this site: "/" followed by anything but a
 * second "/" or "\\", which browsers read as another host (decision 047). Any other target
 * ("http://", "//host", "/\\host", "javascript:") leaves the whole link as the text it was.
 */
const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(((?:https:\/\/[^\s)/\\?#]+|\/(?![/\\]))[^\s)\\]*)\)/g;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const key = match.index;
    if (match[1] !== undefined) out.push(<strong key={key}>{match[1]}</strong>);
    else if (match[2] !== undefined) out.push(<em key={key}>{match[2]}</em>);
    else
      out.push(
        <a key={key} href={match[4]} className="link">
          {match[3]}
        </a>,
      );
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source }: { source: string }) {
  const blocks = source
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, index) => {
        if (block.startsWith("## "))
          return (
            <h2 key={index} className="text-2xl font-bold">
              {inline(block.slice(3))}
            </h2>
          );
        const lines = block.split("\n");
        if (lines.every((line) => line.startsWith("- ")))
          return (
            <ul key={index} className="list-disc space-y-1 pl-6">
              {lines.map((line, item) => (
                <li key={item}>{inline(line.slice(2))}</li>
              ))}
            </ul>
          );
        return <p key={index}>{inline(lines.join(" "))}</p>;
      })}
    </>
  );
}
