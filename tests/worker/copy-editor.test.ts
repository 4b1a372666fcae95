import { beforeAll, describe, expect, it } from "vitest";
import { COPY_PLACE_NAMES, copyPlace } from "~/lib/copy-places";
import { BUNDLED, NAMESPACES } from "~/server/kernel/translations.server";
import { userWithSession } from "./auth-helpers";
import { copyKeys } from "./copy-strings";
import { fetchPage } from "./fetch";

let staff: Awaited<ReturnType<typeof userWithSession>>;
const get = (path: string) => fetchPage(path, { headers: { Cookie: staff.cookie } });
// The account and back-office pages open for a signed-in person; the rest for a visitor.
const open = (path: string) => (/^\/(account|admin)/.test(path) ? get(path) : fetchPage(path));

beforeAll(async () => {
  staff = await userWithSession("copy@example.org", "STAFF", "Cory Copy");
});

describe("where a text appears", () => {
  it("every place has a name in English and Spanish", () => {
    for (const locale of ["en", "es"]) {
      const keys = copyKeys(BUNDLED[locale]?.admin);
      for (const place of COPY_PLACE_NAMES)
        expect(keys, `${locale} ${place}`).toContain(`content.places.${place}`);
    }
  });

  it("every section of the drop-down is named in words in both languages, never by its namespace", async () => {
    for (const locale of ["en", "es"]) {
      const keys = copyKeys(BUNDLED[locale]?.admin);
      for (const namespace of NAMESPACES)
        expect(keys, `${locale} ${namespace}`).toContain(`content.sections.${namespace}`);
    }
    const spanish = await (await get("/admin/content?lng=es")).text();
    const options = (html: string) =>
      [
        ...html
          .slice(
            html.indexOf('name="namespace"'),
            html.indexOf("</select>", html.indexOf('name="namespace"')),
          )
          .matchAll(/<option value="([^"]+)"[^>]*>([^<]+)</g),
      ].map((match) => [match[1], match[2]]);
    expect(options(spanish)).toContainEqual(["home", "Página de inicio"]);
    expect(options(spanish)).toContainEqual([
      "common",
      "Todas las páginas: encabezado, pie, cookies, errores",
    ]);
    const english = options(await (await get("/admin/content")).text());
    expect(english).toContainEqual(["meta", "Page titles in the tab and in search engines"]);
    for (const [value, label] of english) expect(label, value).not.toBe(value);
  }, 120_000);

  it("every key of the site maps to a page that opens", async () => {
    const paths = new Set<string>();
    for (const namespace of NAMESPACES) {
      for (const key of copyKeys(BUNDLED.en?.[namespace])) {
        const { path, place } = copyPlace(namespace, key);
        expect(place, `${namespace}:${key}`).not.toBe("elsewhere");
        if (path) paths.add(path);
      }
    }
    const statuses = await Promise.all(
      [...paths].map(async (path) => [path, (await open(path)).status] as const),
    );
    for (const [path, status] of statuses) expect(status, path).toBe(path === "/not-found" ? 404 : 200);
  }, 120_000);

  it("the editor names the page and section of each key and links to it in the edited language", async () => {
    const html = await (await get("/admin/content?locale=es&namespace=home&q=hero")).text();
    expect(html).toContain("Home page, top banner");
    expect(html).toContain('href="/?lng=es"');
    const forms = await (await get("/admin/content?locale=en&namespace=forms&q=enrollment.title")).text();
    expect(forms).toContain("Enrollment form");
    expect(forms).toContain('href="/forms/enrollment?lng=en"');
  });

  it("searches the text in both languages, across every section", async () => {
    // Editing English, a search for the Spanish word finds the key.
    const html = await (await get("/admin/content?locale=en&namespace=all&q=Inicio")).text();
    expect(html).toContain(">common:nav.home</code>");
    expect(html).toContain("Header and menu");
  });

  it("shows each text as a preview, its placeholders marked", async () => {
    const html = await (await get("/admin/content?locale=en&namespace=admin&q=newsletters.sendTest")).text();
    expect(html).toMatch(/<mark[^>]*>\{\{email\}\}<\/mark>/);
  });
});
