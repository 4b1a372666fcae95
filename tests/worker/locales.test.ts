import { describe, expect, it } from "vitest";
import { BUNDLED } from "~/server/kernel/translations.server";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/** Plural forms differ between languages; compare the key without its plural suffix. */
const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

describe("app/locales", () => {
  it("has the same namespaces in English and Spanish", () => {
    expect(Object.keys(BUNDLED.es!).sort()).toEqual(Object.keys(BUNDLED.en!).sort());
  });

  it.each(Object.keys(BUNDLED.en!))("namespace %s has the same keys in both languages", (namespace) => {
    const english = new Set(keys(BUNDLED.en![namespace]).map(withoutPlural));
    const spanish = new Set(keys(BUNDLED.es![namespace]).map(withoutPlural));
    expect([...spanish].sort()).toEqual([...english].sort());
  });

  it("has no empty strings", () => {
    for (const locale of ["en", "es"]) {
      for (const [namespace, resource] of Object.entries(BUNDLED[locale]!)) {
        const empty = keys(resource).filter((key) => {
          const value = key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resource);
          return typeof value === "string" && value.trim() === "";
        });
        expect(empty, `${locale}/${namespace}`).toEqual([]);
      }
    }
  });
});
