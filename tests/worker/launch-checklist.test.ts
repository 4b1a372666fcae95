import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toFormValues } from "~/lib/content/entry-types";
import { launchChecklist } from "~/server/admin/launch-checklist.server";
import { getDb } from "~/server/db/client.server";
import { contentEntries, outbox, stripeEvents } from "~/server/db/schema";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";

// The admin overview's launch checklist (decision 043) on this file's own database: the seed's
// example facts, Stripe's test key without any event, and the tests' `http` transport with nothing
// delivered yet (vitest.config.ts).
let admin: Awaited<ReturnType<typeof userWithSession>>;
let staff: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  admin = await userWithSession("launch-admin@example.org", "ADMIN", "Ada Admin");
  staff = await userWithSession("launch-staff@example.org", "STAFF", "Sol Staff");
});

/** The checklist as the overview renders it ("" when the page shows none). */
async function checklist(cookie: string, lng = "en") {
  const html = await (await fetchPage(`/admin?lng=${lng}`, { headers: { Cookie: cookie } })).text();
  expect(html).toContain("<h1");
  return /<section aria-labelledby="launch-checklist"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
}

/** Saves the organisation's facts through the editor, as an admin does at /admin/entries/organization. */
async function saveFacts(overrides: Record<string, string>) {
  const [row] = await getDb(env).select().from(contentEntries).where(eq(contentEntries.type, "organization"));
  const form = {
    slug: row!.slug,
    status: "published",
    ...(toFormValues("organization", row!.fields) as Record<string, string>),
    ...overrides,
  };
  const saved = await postForm(`/admin/entries/organization/${row!.id}?lng=en`, form, {
    Cookie: admin.cookie,
  });
  expect(saved.status).toBe(302);
}

describe("the launch checklist", () => {
  it("has something to flag on a fresh site: /donate shows the content import's example EIN", async () => {
    expect(await (await fetchPage("/donate?lng=en")).text()).toContain("EIN 00-0000000");
  });

  it("lists on a fresh site what is not ready, each with its fix, in both languages", async () => {
    const html = await checklist(admin.cookie);
    expect(html).toContain("6 things to do before launch");
    for (const title of [
      "The legal name is still the example one",
      "The EIN is still the example one",
      "The contact e-mail or phone is still the example one",
      "Social links still point at example profiles: Instagram profile, Facebook page, LinkedIn page, YouTube channel",
      "Stripe has not sent any event yet",
      "No e-mail has been delivered yet",
    ])
      expect(html).toContain(title);
    expect(html).toContain('href="/admin/entries/organization"');
    expect(html).toContain('href="https://dashboard.stripe.com/webhooks"');
    expect(html).toContain('href="/admin/outbox"');

    const spanish = await checklist(admin.cookie, "es");
    expect(spanish).toContain("6 tareas antes de abrir el sitio");
    expect(spanish).toContain("El EIN sigue siendo el de ejemplo");

    // wrangler.toml's local `log` transport only prints mail: the list says so instead.
    expect(await launchChecklist({ ...env, MAIL_TRANSPORT: "log" })).toContainEqual({ id: "mailLog" });
  });

  it("is not shown to STAFF, who cannot fix the legal facts or the settings", async () => {
    expect(await checklist(staff.cookie)).toBe("");
  });

  it("drops each item once it is done, and is empty on a ready site", async () => {
    await saveFacts({
      legalName: "Harlem Youth Foundation, Inc.",
      ein: "12-3456789",
      email: "hello@harlemyouth.org",
      phone: "212-864-0000",
      instagram: "https://www.instagram.com/harlemyouth/",
      facebook: "",
      linkedin: "",
      youtube: "",
    });
    const html = await checklist(admin.cookie);
    expect(html).toContain("2 things to do before launch");
    expect(html).not.toContain("still the example one");
    expect(html).not.toContain("example profiles");

    await getDb(env)
      .insert(stripeEvents)
      .values({ id: "evt_launch_first", type: "checkout.session.completed" });
    expect(await checklist(admin.cookie)).toContain("1 thing to do before launch");

    // A real transport: mail counts once the provider has taken one message.
    const http = { ...env, MAIL_TRANSPORT: "http" };
    expect(await launchChecklist(http)).toEqual([{ id: "noMailDelivered" }]);
    await getDb(env).insert(outbox).values({
      id: "launch-first-mail",
      to: "hello@harlemyouth.org",
      subject: "Test",
      text: "Test",
      template: "contact.confirmation",
      locale: "en",
      status: "sent",
      sentAt: new Date().toISOString(),
    });
    expect(await launchChecklist(http)).toEqual([]);
  });

  it("says online giving is off without a Stripe key", async () => {
    expect(await launchChecklist({ ...env, STRIPE_SECRET_KEY: undefined, MAIL_TRANSPORT: "http" })).toEqual([
      { id: "stripeKey" },
    ]);
  });
});
