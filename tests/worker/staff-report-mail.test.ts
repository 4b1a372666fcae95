import { env } from "cloudflare:workers";
import { eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { contentEntries, newsletters, outbox, subscribers } from "~/server/db/schema";
import { handleScheduled } from "~/server/scheduled.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm } from "./fetch";

const REPORT = {
  slug: "annual-report-2027",
  status: "draft",
  title_en: "2027 Annual Report",
  title_es: "Informe anual 2027",
  year: "2027",
  summary_en: "What our students did in 2027.",
  summary_es: "Lo que hicieron nuestros estudiantes en 2027.",
  pdf: "",
};
let staff: Awaited<ReturnType<typeof userWithSession>>;
const reportMails = () => getDb(env).select().from(outbox).where(like(outbox.id, "newsletter:report-%"));

beforeAll(async () => {
  staff = await userWithSession("comms@example.org", "STAFF", "Dana");
  // 150 confirmed readers, a third in Spanish, and one who has not confirmed: more than one step.
  const readers = [
    ...Array.from({ length: 150 }, (_, index) => ({
      id: `reader-${String(index).padStart(3, "0")}`,
      email: `reader${index}@example.com`,
      locale: index % 3 === 0 ? "es" : "en",
      status: "confirmed" as const,
      source: "reports",
    })),
    {
      id: "reader-pending",
      email: "pending@example.com",
      locale: "en",
      status: "pending" as const,
      source: "reports",
    },
  ];
  // D1 binds at most 100 parameters a query: 15 rows of five at a time.
  for (let start = 0; start < readers.length; start += 15)
    await getDb(env)
      .insert(subscribers)
      .values(readers.slice(start, start + 15));
  // The first render of the editor compiles its modules; that is not what these tests time.
  await fetchPage("/admin/entries/report/new", { headers: { Cookie: staff.cookie } });
}, 120_000);

describe("publishing a report e-mails the subscribers, as /reports promises", () => {
  it("a draft sends nothing", async () => {
    const response = await postForm("/admin/entries/report/new", REPORT, { Cookie: staff.cookie });
    expect(response.status).toBe(302);
    expect(await reportMails()).toHaveLength(0);
  });

  it("its first publication queues the issue: a step at once, the rest by the Cron, each in the reader's language", async () => {
    const [entry] = await getDb(env)
      .select()
      .from(contentEntries)
      .where(eq(contentEntries.slug, REPORT.slug));
    const path = `/admin/entries/report/${entry!.id}`;
    expect((await postForm(path, { ...REPORT, status: "published" }, { Cookie: staff.cookie })).status).toBe(
      302,
    );
    expect(await reportMails()).toHaveLength(100);
    await handleScheduled(env, Date.now());
    const mails = await reportMails();
    expect(mails).toHaveLength(150);
    expect(mails.some((mail) => mail.to === "pending@example.com")).toBe(false);
    const spanish = mails.find((mail) => mail.to === "reader0@example.com")!;
    expect(spanish.subject).toBe("Nuevo informe: Informe anual 2027");
    expect(spanish.text).toContain("Lo que hicieron nuestros estudiantes en 2027.");
    expect(spanish.text).toContain("https://example.org/reports?lng=es");
    const english = mails.find((mail) => mail.to === "reader1@example.com")!;
    expect(english.subject).toBe("New report: 2027 Annual Report");
    const [issue] = await getDb(env)
      .select()
      .from(newsletters)
      .where(eq(newsletters.id, `report-${entry!.id}`));
    expect(issue).toMatchObject({ status: "sent", sentByName: "Dana", sentCount: 150 });

    // Saving it again, or unpublishing and publishing it again, sends nothing more.
    await postForm(
      path,
      { ...REPORT, status: "published", summary_en: "Fixed a typo." },
      { Cookie: staff.cookie },
    );
    await postForm(path, { ...REPORT, status: "draft" }, { Cookie: staff.cookie });
    await postForm(path, { ...REPORT, status: "published" }, { Cookie: staff.cookie });
    expect(await reportMails()).toHaveLength(150);
  });
});

describe(
  "a report scheduled for later is announced when it shows, not when it is saved",
  { timeout: 60_000 },
  () => {
    const SCHEDULED = {
      ...REPORT,
      slug: "annual-report-2028",
      title_en: "2028 Annual Report",
      title_es: "Informe anual 2028",
      year: "2028",
    };
    // D1 refuses a LIKE pattern this long ("pattern too complex").
    const issueMails = (id: string) =>
      getDb(env)
        .select()
        .from(outbox)
        .where(sql`instr(${outbox.id}, ${`newsletter:report-${id}:`}) = 1`);
    const newYorkDay = (when: Date) => when.toLocaleDateString("en-CA", { timeZone: "America/New_York" });

    it("saved as published for the day after tomorrow, nothing goes; the first Cron run after its moment announces it, once", async () => {
      const later = new Date(Date.now() + 2 * 86_400_000);
      const response = await postForm(
        "/admin/entries/report/new",
        { ...SCHEDULED, status: "published", publishOn: newYorkDay(later), publishTime: "9:00 AM" },
        { Cookie: staff.cookie },
      );
      expect(response.status).toBe(302);
      const [entry] = await getDb(env)
        .select()
        .from(contentEntries)
        .where(eq(contentEntries.slug, SCHEDULED.slug));
      expect(entry!.publishAt).not.toBeNull();
      expect(await issueMails(entry!.id)).toHaveLength(0);

      // A run before the moment sends nothing; saving it again (still waiting) neither.
      await handleScheduled(env, Date.now());
      await postForm(
        `/admin/entries/report/${entry!.id}`,
        {
          ...SCHEDULED,
          status: "published",
          publishOn: newYorkDay(later),
          publishTime: "9:00 AM",
          summary_en: "Typo fixed.",
        },
        { Cookie: staff.cookie },
      );
      expect(await issueMails(entry!.id)).toHaveLength(0);

      // The first run after the moment: the announcement, in the reader's language, as Dana's.
      const after = Date.parse(entry!.publishAt!) + 60_000;
      await handleScheduled(env, after);
      const mails = await issueMails(entry!.id);
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.find((mail) => mail.to === "reader0@example.com")?.subject).toBe(
        "Nuevo informe: Informe anual 2028",
      );
      const [issue] = await getDb(env)
        .select()
        .from(newsletters)
        .where(eq(newsletters.id, `report-${entry!.id}`));
      expect(issue).toMatchObject({ sentByName: "Dana" });
      await handleScheduled(env, after + 300_000);
      expect(await issueMails(entry!.id)).toHaveLength(150);
      await handleScheduled(env, after + 600_000);
      expect(await issueMails(entry!.id)).toHaveLength(150);
    });
  },
);
