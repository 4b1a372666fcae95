import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { statedFact } from "~/server/admin/content.server";
import { getDb } from "~/server/db/client.server";
import { translationOverrides } from "~/server/db/schema";
import { BUNDLED, bumpTranslationVersion, NAMESPACES } from "~/server/kernel/translations.server";
import { userWithSession } from "./auth-helpers";
import { copyStrings } from "./copy-strings";
import { fetchPage, ORIGIN, shown } from "./fetch";
import { SEED_FACTS } from "./seed-facts";

let staff: Awaited<ReturnType<typeof userWithSession>>;
let admin: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  staff = await userWithSession("facts-staff@example.org", "STAFF");
  admin = await userWithSession("facts-admin@example.org", "ADMIN");
});

function save(cookie: string, fields: Record<string, string>, query = "") {
  return fetchPage(`/admin/content${query}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "save", ...fields }),
    headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** Ways of writing out an EIN or the legal name that a save must not get through. */
const STATEMENTS = [
  "EIN 99-9999999",
  "EIN: 99 9999999",
  "Tax ID 99 - 999 9999",
  "EIN 99\u20119999999",
  "EIN \uff19\uff19\uff0d\uff19\uff19\uff19\uff19\uff19\uff19\uff19",
  "Tax number 999999999.",
  `${SEED_FACTS.legalName} is a 501(c)(3).`,
  `${SEED_FACTS.legalName.toUpperCase().replace(/[,.]/g, "")} is a 501(c)(3).`,
  `${SEED_FACTS.legalName.replace(/,?\s*Inc\.?$/i, "")} is a 501(c)(3).`,
];

describe("copy texts cannot state the EIN or the legal name (decision 047)", () => {
  it("every key the editor accepts, in both languages, refuses each way of writing them and takes its shipped text", async () => {
    let checked = 0;
    for (const locale of ["en", "es"] as const) {
      for (const namespace of NAMESPACES) {
        for (const [key, shipped] of copyStrings(BUNDLED[locale]?.[namespace])) {
          expect(
            await statedFact(env, { locale, namespace, key, value: shipped }),
            `${namespace}:${key}`,
          ).toBeNull();
          for (const statement of STATEMENTS) {
            const value = `${shipped} ${statement}`;
            expect(
              await statedFact(env, { locale, namespace, key, value }),
              `${locale} ${namespace}:${key}`,
            ).not.toBeNull();
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 300_000);

  it("staff restating the EIN on /donate are refused with the placeholder to use, and the page keeps the real one", async () => {
    const value = "Acme is a 501(c)(3) tax-exempt organization (EIN 99-9999999).";
    const response = await save(
      staff.cookie,
      { locale: "en", namespace: "donate", key: "sidebar.tax", value },
      "?locale=en&namespace=donate&q=sidebar.tax",
    );
    expect(response.status).toBe(400);
    const html = shown(await response.text());
    expect(html).toContain(
      "Not saved: the new text for sidebar.tax writes out an EIN. The EIN comes only from the organization&#x27;s facts, which only an admin changes. Where the text shows it, write {{ein}} and the site fills it in.",
    );
    // What was typed stays in the field.
    expect(html).toContain(`>${value}</textarea>`);
    const donate = await (await fetchPage("/donate")).text();
    expect(donate).not.toContain("99-9999999");
    expect(donate).toContain(SEED_FACTS.ein);
  });

  it("an admin cannot either; in Spanish the message is Spanish and names {{name}} for the legal name", async () => {
    const response = await save(
      admin.cookie,
      {
        locale: "es",
        namespace: "receipts",
        key: "legal.organization",
        value: `${SEED_FACTS.legalName}, EIN: {{ein}}.`,
      },
      "?lng=es",
    );
    expect(response.status).toBe(400);
    const spanishPage = response.text();
    expect(shown(await spanishPage)).toContain(
      "No se guardó: el nuevo texto de legal.organization escribe el nombre legal de la organización.",
    );
    expect(shown(await spanishPage)).toContain("escriba {{name}} y el sitio lo completa.");
    const tickets = await save(admin.cookie, {
      locale: "en",
      namespace: "tickets",
      key: "mail.organization",
      value: "{{name}}, a 501(c)(3) tax-exempt organization. EIN: 99-9999999.",
    });
    expect(tickets.status).toBe(400);
  });

  it("the placeholders save, and show the organisation's facts", async () => {
    const response = await save(staff.cookie, {
      locale: "en",
      namespace: "donate",
      key: "sidebar.tax",
      value: "{{name}} (EIN {{ein}}) is a registered charity.",
    });
    expect(response.status).toBe(200);
    const donate = shown(await (await fetchPage("/donate")).text());
    expect(donate).toContain(`${SEED_FACTS.legalName} (EIN ${SEED_FACTS.ein}) is a registered charity.`);
  });

  it("an override stored before the check that writes out an EIN gives way to the shipped text", async () => {
    await getDb(env)
      .insert(translationOverrides)
      .values({ locale: "en", namespace: "donate", key: "sidebar.tax", value: "Old text, EIN 99-9999999." })
      .onConflictDoUpdate({
        target: [translationOverrides.locale, translationOverrides.namespace, translationOverrides.key],
        set: { value: "Old text, EIN 99-9999999." },
      });
    await bumpTranslationVersion(env);
    const donate = shown(await (await fetchPage("/donate")).text());
    expect(donate).not.toContain("99-9999999");
    expect(donate).toContain(`(EIN ${SEED_FACTS.ein})`);
  });

  it("a blog post or event that writes out an EIN or the legal name is refused, with what was typed kept", async () => {
    const post = (body: string, slug: string) =>
      fetchPage("/admin/entries/post/new", {
        method: "POST",
        body: new URLSearchParams({
          slug,
          status: "published",
          title_en: "Give today",
          excerpt_en: "Why it matters",
          body_en: body,
          date: "2026-11-20",
          author_en: "Staff",
          category: "news",
        }),
        headers: {
          Origin: ORIGIN,
          Cookie: staff.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
      });
    const ein = await post("Gifts go to EIN 99 - 9999999 this year.", "ein-post");
    expect(ein.status).toBe(400);
    const html = shown(await ein.text());
    expect(html).toContain("Not saved: a text writes out an EIN.");
    expect(html).toContain("Gifts go to EIN 99 - 9999999 this year.");
    const name = await post(`Checks payable to ${SEED_FACTS.legalName}.`, "name-post");
    expect(name.status).toBe(400);
    expect(shown(await name.text())).toContain(
      "Not saved: a text writes out the organization&#x27;s legal name.",
    );
    expect((await fetchPage("/blog/ein-post")).status).toBe(404);
    expect((await post("Gifts are tax-deductible as the law allows.", "plain-post")).status).toBe(302);
  });
});
