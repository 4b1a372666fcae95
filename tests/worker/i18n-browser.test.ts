import { createInstance, type i18n } from "i18next";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, Trans as RealTrans } from "react-i18next";
import { describe, expect, it } from "vitest";
import {
  BrowserI18n,
  I18nextProvider as BrowserProvider,
  Trans as BrowserTrans,
} from "~/components/layout/i18n-browser";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { BUNDLED, NAMESPACES } from "~/server/kernel/translations.server";

type Tree = { [key: string]: unknown };

/** Every key of a namespace, dotted, with its value. */
function leaves(tree: Tree, prefix = ""): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? [[`${prefix}${key}`, value] as [string, unknown], ...leaves(value as Tree, `${prefix}${key}.`)]
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

/** A value for every {{name}} a string uses, so interpolation is exercised on every key. */
function sampleValues(text: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, name] of text.matchAll(/\{\{\s*([^},\s]+)/g)) {
    if (name && name !== "count")
      values[name.split(".")[0]!] = name.includes(".") ? { [name.split(".")[1]!]: "Ana" } : "Ana";
  }
  return values;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21, 1000, 1_000_000];

describe("the browser's translator reads every key as i18next does (decision 027)", () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`in ${locale}: every key, with interpolation and plurals`, async () => {
      const real: i18n = createInstance();
      await real.init({
        lng: locale,
        resources: { [locale]: BUNDLED[locale]! },
        ns: NAMESPACES,
        defaultNS: "common",
        fallbackLng: false,
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      const browser = new BrowserI18n();
      await browser.init({
        lng: locale,
        resources: { [locale]: BUNDLED[locale]! as Record<string, Tree> },
        defaultNS: "common",
      });

      let compared = 0;
      for (const namespace of NAMESPACES) {
        const realT = real.getFixedT(locale, namespace);
        const browserT = browser.getFixedT(null, namespace);
        for (const [key, value] of leaves((BUNDLED[locale]![namespace] ?? {}) as Tree)) {
          if (typeof value === "string") {
            const base = key.replace(PLURAL, "");
            const values = sampleValues(value);
            if (PLURAL.test(key)) {
              for (const count of COUNTS) {
                expect(browserT(base, { ...values, count }), `${namespace}:${base} ${count}`).toBe(
                  realT(base, { ...values, count }),
                );
              }
            } else {
              expect(browserT(key, values), `${namespace}:${key}`).toBe(realT(key, values));
              expect(browserT(key), `${namespace}:${key} without values`).toBe(realT(key));
            }
          } else {
            expect(browserT(key, { returnObjects: true }), `${namespace}:${key} as an object`).toEqual(
              realT(key, { returnObjects: true }),
            );
            // Placeholders inside an object or a list are filled in, as i18next does.
            const values = sampleValues(JSON.stringify(value));
            expect(
              browserT(key, { returnObjects: true, ...values }),
              `${namespace}:${key} with values`,
            ).toEqual(realT(key, { returnObjects: true, ...values }));
          }
          // Keys tried in turn, the first missing.
          expect(browserT(["no.such.key", key], { returnObjects: true })).toEqual(
            realT(["no.such.key", key], { returnObjects: true }),
          );
          // The same key through the other namespace's prefix form.
          expect(browser.t(`${namespace}:${key}`, { returnObjects: true })).toEqual(
            real.t(`${namespace}:${key}`, { returnObjects: true }),
          );
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(500);
      // A missing key reads as the key, as in i18next.
      expect(browser.t("common:no.such.key")).toBe(real.t("common:no.such.key"));
      expect(browser.t(["common:no.such.key", "common:other.missing"])).toBe(
        real.t(["common:no.such.key", "common:other.missing"]),
      );
    });

    it(`in ${locale}: <Trans> with its components renders the same HTML`, async () => {
      const real: i18n = createInstance();
      await real.init({
        lng: locale,
        resources: { [locale]: BUNDLED[locale]! },
        defaultNS: "common",
        interpolation: { escapeValue: false },
        initAsync: false,
      });
      const browser = new BrowserI18n();
      await browser.init({ lng: locale, resources: { [locale]: BUNDLED[locale]! as Record<string, Tree> } });
      const components = {
        star: h("span", { className: "text-red-700", "aria-hidden": "true" }),
        privacy: h("a", { href: "/privacy", className: "link" }),
      };
      for (const key of ["requiredNote", "privacyNote"]) {
        const realHtml = renderToString(
          h(
            I18nextProvider,
            { i18n: real },
            h("p", null, h(RealTrans, { t: real.getFixedT(locale, "forms"), i18nKey: key, components })),
          ),
        );
        const browserHtml = renderToString(
          h(
            BrowserProvider,
            { i18n: browser },
            h("p", null, h(BrowserTrans, { t: browser.getFixedT(null, "forms"), i18nKey: key, components })),
          ),
        );
        expect(browserHtml).toBe(realHtml);
        expect(browserHtml).toMatch(/<(span|a) /);
      }
    });
  }
});
