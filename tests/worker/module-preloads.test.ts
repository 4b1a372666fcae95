import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "~/server/kernel/module-preloads.server";
import { fetchPage } from "./fetch";

/** The text `withoutModulePreloads` makes of `parts`, each sent as a chunk of its own. */
async function passedThrough(parts: Uint8Array[]): Promise<string> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(withoutModulePreloads(body)).text();
}

describe("the page before its scripts (decision 037)", () => {
  it("takes the module preloads out of the head and leaves every other byte as it was", async () => {
    const head =
      '<html><head><title>Año</title><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
      '<link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/b.js"/></head>';
    const body =
      '<body><p>Niños</p><script>const text = \'<link rel="modulepreload" href="/x.js">\';</script></body></html>';
    const bytes = new TextEncoder().encode(head + body);
    const expected = head.replace(/<link rel="modulepreload"[^>]*>/g, "") + body;
    expect(expected).not.toContain('href="/assets/a.js"');
    // Whole, and cut at every byte: inside a link, inside `</head>`, between the two bytes of "ñ".
    expect(await passedThrough([bytes])).toBe(expected);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await passedThrough([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
  });

  it("leaves a page without a head as it was", async () => {
    const text = '<p>A fragment <link rel="modulepreload" href="/a.js"></p>';
    expect(await passedThrough([new TextEncoder().encode(text)])).toBe(text);
  });

  it("serves pages whose scripts load from the module script at the end of the body", async () => {
    const html = await (await fetchPage("/about")).text();
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('rel="stylesheet"');
    const moduleScript = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(moduleScript).toMatch(/import \* as route\d+ from "[^"]+";/);
    expect(moduleScript).toContain("import(");
  });
});
