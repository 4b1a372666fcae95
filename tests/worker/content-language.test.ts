import { describe, expect, it } from "vitest";
import { fetchPage } from "./fetch";

/**
 * A content page carries each text in the visitor's language only: in its HTML and in the data
 * the browser hydrates from, never the other language as well (decision 030).
 */
const PAGES = [
  { path: "/events", en: "Winter Open House", es: "Puertas abiertas de invierno" },
  { path: "/blog", en: "Five lessons from our first year", es: "Cinco lecciones de nuestro primer año" },
  {
    path: "/blog/first-year-lessons",
    en: "Five lessons from our first year",
    es: "Cinco lecciones de nuestro primer año",
  },
  { path: "/stories", en: "Jaylen has a plan", es: "Jaylen tiene un plan" },
  { path: "/join-our-team", en: "Program Site Manager", es: "Gerente de sede" },
];

describe("content pages send one language", () => {
  for (const page of PAGES) {
    it(`${page.path} carries only the visitor's language of each entry`, async () => {
      const english = await (await fetchPage(page.path, { headers: { Cookie: "lng=en" } })).text();
      expect(english).toContain(page.en);
      expect(english).not.toContain(page.es);

      const spanish = await (await fetchPage(page.path, { headers: { Cookie: "lng=es" } })).text();
      expect(spanish).toContain(page.es);
      expect(spanish).not.toContain(page.en);
    });
  }
});
