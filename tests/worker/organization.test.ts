import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { entryFormSchema, toFormValues } from "~/lib/content/entry-types";
import { getOrganization } from "~/server/content/organization.server";
import { bumpContentVersion, getContentVersion } from "~/server/kernel/content-version.server";
import { getDb } from "~/server/db/client.server";
import { buildReceiptEmail } from "~/server/donations/receipts.server";
import { auditLog, contentEntries } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";
import { SEED_FACTS } from "./seed-facts";

// Its own file, so its own database: the seed's facts (decision 028) and what these tests change.
let admin: Awaited<ReturnType<typeof userWithSession>>;
let staff: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  admin = await userWithSession("facts-admin@example.org", "ADMIN", "Ada Admin");
  staff = await userWithSession("facts-staff@example.org", "STAFF", "Sol Staff");
});

async function factsRow() {
  const [row] = await getDb(env).select().from(contentEntries).where(eq(contentEntries.type, "organization"));
  return row!;
}

/** The editor's form as the browser posts it, starting from what is stored. */
async function factsForm(overrides: Record<string, string> = {}) {
  const row = await factsRow();
  return {
    slug: row.slug,
    status: "published",
    ...(toFormValues("organization", row.fields) as Record<string, string>),
    ...overrides,
  };
}

async function saveFacts(cookie: string, overrides: Record<string, string>, lng = "en") {
  const { id } = await factsRow();
  return postForm(`/admin/entries/organization/${id}?lng=${lng}`, await factsForm(overrides), {
    Cookie: cookie,
  });
}

const text = async (path: string, init?: RequestInit) => (await fetchPage(path, init)).text();

/** The home page's schema.org NGO. */
function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe("the organisation's facts", () => {
  it("are what the seed imported, read from D1 by the footer, /contact and the home page's JSON-LD with its taxID", async () => {
    expect(await getOrganization(env)).toEqual(SEED_FACTS);
    for (const lng of ["en", "es"]) {
      const home = await text(`/?lng=${lng}`);
      expect(home).toContain('href="tel:+12125550142"');
      expect(home).toContain("(212) 555-0142");
      expect(home).toContain(`href="mailto:${SEED_FACTS.email}"`);
      expect(home).toContain(`href="${SEED_FACTS.instagram}"`);
    }
    const ngo = jsonLd(await text("/?lng=en"));
    expect(ngo).toMatchObject({
      "@type": "NGO",
      legalName: SEED_FACTS.legalName,
      taxID: SEED_FACTS.ein,
      telephone: "+12125550142",
      foundingDate: "2025",
      address: { streetAddress: SEED_FACTS.street, postalCode: SEED_FACTS.postalCode },
    });
    expect(ngo.sameAs).toContain(SEED_FACTS.youtube);
    expect(await text("/contact?lng=es")).toContain("Con cita previa");
  });

  it("staff change them in /admin; publishing shows them at once everywhere, cached pages included, and is audited", async () => {
    await text("/?lng=es"); // the edge cache now holds the home page with the old facts
    const versionBefore = await getContentVersion(env);
    const saved = await saveFacts(staff.cookie, {
      phone: "718-555-0199",
      goalCents: "75,000",
      officeHours_en: "Monday to Thursday: 10 AM to 7 PM\nFriday: Closed",
      officeHours_es: "",
      facebook: "",
    });
    expect(saved.status).toBe(302);
    expect(await getContentVersion(env)).not.toBe(versionBefore);

    for (const lng of ["en", "es"]) {
      const home = await text(`/?lng=${lng}`);
      expect(home).toContain('href="tel:+17185550199"');
      expect(home).toContain("(718) 555-0199");
      expect(home).not.toContain("555-0142");
      expect(home).not.toContain("facebook.com");
    }
    expect(jsonLd(await text("/?lng=en")).telephone).toBe("+17185550199");
    // Spanish left empty: the Spanish page shows the English until it is written.
    expect(await text("/contact?lng=es")).toContain("Monday to Thursday");
    expect(await text("/donate?lng=en")).toMatch(/raised of \$75,000/);
    expect(await text("/give?lng=es")).toContain("75,000");

    const [audit] = await getDb(env)
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, "organization"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit!.userEmail).toBe("facts-staff@example.org");
    expect(audit!.detail).toMatchObject({
      changes: {
        phone: { before: "+12125550142", after: "+17185550199" },
        goalCents: { before: 5_000_000, after: 7_500_000 },
      },
    });
    // The editor says the Spanish is missing, as for any content.
    const list = await text("/admin/entries/organization?lng=en", { headers: { Cookie: staff.cookie } });
    expect(list).toContain("Spanish missing");
    expect(list).not.toContain("/admin/entries/organization/new");
  });

  it("refuses a bad EIN, a link that is not https and a campaign that ends before it starts, in English and Spanish, keeping what was typed", async () => {
    const bad = {
      ein: "123456789",
      instagram: "http://instagram.com/productyouthnyc",
      campaignStart: "2027-01-01",
      campaignEnd: "2026-12-31",
    };
    const english = await saveFacts(admin.cookie, bad);
    expect(english.status).toBe(400);
    const html = await english.text();
    expect(html).toContain("Enter the EIN as two digits, a hyphen and seven digits, such as 12-3456789.");
    expect(html).toContain("Enter a full address that starts with https://.");
    expect(html).toContain("The campaign must end on or after the day it starts.");
    expect(html).toContain('value="http://instagram.com/productyouthnyc"');

    const spanish = await (await saveFacts(admin.cookie, { ...bad, phone: "555" }, "es")).text();
    expect(spanish).toContain(
      "Escriba el EIN como dos cifras, un guion y siete cifras, por ejemplo 12-3456789.",
    );
    expect(spanish).toContain("Escriba una dirección completa que empiece con https://.");
    expect(spanish).toContain("La campaña debe terminar el mismo día en que empieza o después.");
    expect(spanish).toContain("Escriba un número de teléfono con su código de área");
    expect((await factsRow()).fields.ein).toBe(SEED_FACTS.ein);

    const schema = entryFormSchema("organization");
    const base = await factsForm();
    expect(v.safeParse(schema, { ...base, ein: "12-3456789" }).success).toBe(true);
    expect(v.safeParse(schema, { ...base, youtube: "javascript:alert(1)" }).success).toBe(false);
    expect(v.safeParse(schema, { ...base, goalCents: "0" }).success).toBe(false);
    expect(v.safeParse(schema, { ...base, goalCents: "25,50" }).success).toBe(false);
    expect(v.safeParse(schema, { ...base, phone: "+44 20 7946 0958" }).output).toMatchObject({
      fields: { phone: "+442079460958" },
    });
  });

  it("staff see the legal name and EIN, but only an admin changes them; the receipts print them", async () => {
    const form = await text(`/admin/entries/organization/${(await factsRow()).id}?lng=en`, {
      headers: { Cookie: staff.cookie },
    });
    expect(form).toContain("Only an administrator can change this.");
    expect(await saveFacts(staff.cookie, { ein: "11-1111111", legalName: "Someone Else" })).toMatchObject({
      status: 302,
    });
    expect((await factsRow()).fields).toMatchObject({ ein: SEED_FACTS.ein, legalName: SEED_FACTS.legalName });

    await saveFacts(admin.cookie, { ein: "12-3456789", legalName: "Harlem Youth Foundation, Inc." });
    expect((await factsRow()).fields).toMatchObject({ ein: "12-3456789" });
    const ngo = jsonLd(await text("/?lng=en"));
    expect(ngo).toMatchObject({ taxID: "12-3456789", legalName: "Harlem Youth Foundation, Inc." });
    expect(await text("/donate?lng=en")).toContain("Harlem Youth Foundation, Inc. is a 501(c)(3)");
    const receipt = await buildReceiptEmail(env, {
      donationId: "d-facts",
      donorName: "Dana Donor",
      donorEmail: "dana@example.com",
      locale: "es",
      frequency: "one-time",
      amountCents: 5000,
      feeCents: 0,
      currency: "usd",
      paidAt: "2026-11-20T15:00:00.000Z",
    });
    expect(receipt.text).toContain(
      "Harlem Youth Foundation, Inc., una organización exenta de impuestos 501(c)(3). EIN: 12-3456789.",
    );
  });

  it("cannot gain a second entry", async () => {
    const page = await fetchPage("/admin/entries/organization/new", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(404);
    const posted = await postForm("/admin/entries/organization/new", await factsForm({ slug: "second" }), {
      Cookie: admin.cookie,
    });
    expect(posted.status).toBe(404);
    expect(await getDb(env).$count(contentEntries, eq(contentEntries.type, "organization"))).toBe(1);
  });

  it("missing from the database, nothing is invented: no contact lines, no goal bar, no taxID", async () => {
    await getDb(env).delete(contentEntries).where(eq(contentEntries.type, "organization"));
    await bumpContentVersion(env);
    expect(await getOrganization(env)).toBeNull();
    const home = await text("/?lng=en");
    expect(home).not.toContain('href="tel:');
    expect(home).toContain("New York City");
    expect(jsonLd(home)).not.toHaveProperty("taxID");
    const donate = await fetchPage("/donate?lng=en");
    expect(donate.status).toBe(200);
    expect(await donate.text()).not.toContain(`role="progressbar"`);
    expect((await fetchPage("/contact?lng=en")).status).toBe(200);
    expect((await fetchPage("/about?lng=es")).status).toBe(200);
  });
});
