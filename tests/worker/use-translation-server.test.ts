import { env } from "cloudflare:workers";
import type { i18n, TFunction } from "i18next";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation as libraryUseTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { instanceFor } from "~/server/kernel/i18n.server";
import { BUNDLED, NAMESPACES } from "~/server/kernel/translations.server";
import { useTranslation as serverUseTranslation } from "~/server/kernel/use-translation.server";

type Tree = { [key: string]: unknown };

/** Every leaf key of a namespace, dotted (plural forms by their base key). */
function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? keys(value as Tree, `${prefix}${key}.`)
      : [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, "")],
  );
}

/** What a component sees through a hook: every key plainly (twice), with a count, as objects. */
function readAll(
  hook: (namespace: string) => { t: unknown; i18n: i18n; ready: boolean },
  namespace: string,
  list: string[],
  out: unknown[],
) {
  return function Reader() {
    const { t, i18n: instance, ready } = hook(namespace);
    const translate = t as (key: string, options?: object) => unknown;
    out.push(instance.language, ready);
    for (const key of list) {
      out.push(translate(key), translate(key), translate(key, { count: 3, name: "Ana", year: 2026 }));
      out.push(translate(key, { returnObjects: true }));
    }
    return h("p", null, translate(list[0]!) as string);
  };
}

describe("the server build's useTranslation gives what react-i18next gives (decision 031)", () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`in ${locale}: every key of every namespace, plain, twice, with options`, async () => {
      const instance: i18n = await instanceFor(env, locale);
      let compared = 0;
      for (const namespace of NAMESPACES) {
        const list = [...new Set(keys((BUNDLED[locale]![namespace] ?? {}) as Tree))];
        if (list.length === 0) continue;
        const library: unknown[] = [];
        const server: unknown[] = [];
        const htmlLibrary = renderToString(
          h(I18nextProvider, { i18n: instance }, h(readAll(libraryUseTranslation, namespace, list, library))),
        );
        const htmlServer = renderToString(
          h(I18nextProvider, { i18n: instance }, h(readAll(serverUseTranslation, namespace, list, server))),
        );
        expect(htmlServer).toBe(htmlLibrary);
        expect(server).toEqual(library);
        compared += list.length;
      }
      expect(compared).toBeGreaterThan(500);
    });
  }

  it("keeps one t per instance and namespace, so a second render makes none", async () => {
    const instance = await instanceFor(env, "en");
    const seen: TFunction[] = [];
    function Probe() {
      seen.push(serverUseTranslation("home").t as TFunction);
      return null;
    }
    renderToString(h(I18nextProvider, { i18n: instance }, h(Probe)));
    renderToString(h(I18nextProvider, { i18n: instance }, h(Probe)));
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});
