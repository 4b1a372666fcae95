import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "~/components/content/markdown";

const render = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe("markdown links (decision 020)", () => {
  it.each([
    ["[report](https://example.org/report.pdf)", "https://example.org/report.pdf"],
    ["[events](/events)", "/events"],
    ["[top](/blog/a-post#top)", "/blog/a-post#top"],
    ["[home](/)", "/"],
  ])("%s is a link", (source, href) => {
    expect(render(source)).toBe(
      `<p><a href="${href}" class="link">${/\[([^\]]+)\]/.exec(source)![1]}</a></p>`,
    );
  });

  it.each([
    "[x](//evil.example)",
    "[x](///evil.example)",
    "[x](/\\evil.example)",
    "[x](/\\/evil.example)",
    "[x](/a\\evil.example)",
    "[x](http://evil.example)",
    "[x](HTTP://evil.example)",
    "[x](https:evil.example)",
    "[x](https:///evil.example)",
    "[x](https:\\\\evil.example)",
    "[x](javascript:alert(1))",
    "[x](data:text/html,hi)",
    "[x](mailto:a@evil.example)",
    "[x](evil.example)",
  ])("%s stays text", (source) => {
    const html = render(source);
    expect(html).not.toContain("<a");
    expect(html).toContain("[x](");
  });
});
