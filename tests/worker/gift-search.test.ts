import { env } from "cloudflare:workers";
import { asc, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listDonations } from "~/server/admin/donations.server";
import { getDb, insertJsonRows } from "~/server/db/client.server";
import { donations } from "~/server/db/schema";
import { contains } from "~/server/records/list.server";
import { matchesSearch } from "~/server/records/search.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, shown } from "./fetch";
import { writeGiftsEveryWay } from "./gift-writes";
import { countInvocation } from "./platform-count";

/**
 * The gift list's search through its FTS5 index, `donations_search` (docs/decisions/057-years-of-data.md,
 * round nine): a donor's name, a word or part of an address, accents and case aside; and after every
 * kind of gift write the index finds the gifts the search by `instr` over the ledger found.
 */
const db = getDb(env);
let admin: Awaited<ReturnType<typeof userWithSession>>;
let cookie: string;

const gift = (id: string, donorName: string, donorEmail: string, paidAt = "2026-02-01T15:00:00.000Z") => ({
  id,
  frequency: "one-time",
  amountCents: 2_500,
  status: "succeeded",
  donorName,
  donorEmail,
  locale: "es",
  paidAt,
});

/** The people the list shows for a search, of those these tests give. */
async function found(q: string): Promise<string[]> {
  const response = await fetchPage(`/admin/donations?lng=en&q=${encodeURIComponent(q)}`, {
    headers: { Cookie: cookie },
  });
  expect(response.status).toBe(200);
  const html = shown(await response.text());
  return ["Ana Rivera", "Ana Rivas", "José Pérez", "Inés Ortega"].filter((name) =>
    html.includes(`>${name}<`),
  );
}

/** The ids the index finds for `text`, and those the search before it found (`instr` over every gift). */
async function bothWays(text: string) {
  const ids = async (condition: ReturnType<typeof or>) =>
    (await db.select({ id: donations.id }).from(donations).where(condition).orderBy(asc(donations.id))).map(
      (row) => row.id,
    );
  return {
    indexed: await ids(matchesSearch(donations, "donations_search", text)),
    before: await ids(or(contains(donations.donorName, text), contains(donations.donorEmail, text))),
  };
}

/** Accents and case aside, as the index's tokenizer (`unicode61 remove_diacritics 2`) reads them. */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
const wordsOf = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * After a write: FTS5's own check that the index holds exactly the words of the gifts' names and
 * e-mails; every whole word of them, searched as typed, finds the gifts with a word that begins so,
 * accents and case aside, and every gift the `instr` search found. (That one missed "Édith" for
 * "édith": SQLite's `lower` folds only ASCII.)
 */
async function expectSearchFollowsTheLedger() {
  await env.DB.prepare(
    "insert into donations_search(donations_search, rank) values ('integrity-check', 1)",
  ).run();
  const gifts = await db
    .select({ id: donations.id, name: donations.donorName, email: donations.donorEmail })
    .from(donations)
    .orderBy(asc(donations.id));
  const words = new Set(gifts.flatMap(({ name, email }) => wordsOf(`${name} ${email}`.toLowerCase())));
  expect(words.size).toBeGreaterThan(5);
  for (const word of words) {
    const { indexed, before } = await bothWays(word);
    const beginning = gifts
      .filter(({ name, email }) =>
        wordsOf(folded(`${name} ${email}`)).some((w) => w.startsWith(folded(word))),
      )
      .map((gift) => gift.id);
    expect(indexed, word).toEqual(beginning);
    expect(indexed, word).toEqual(expect.arrayContaining(before));
  }
}

beforeAll(async () => {
  admin = await userWithSession("gift-searcher@example.org", "ADMIN", "Gil Searcher");
  ({ cookie } = admin);
  await insertJsonRows(db, donations, [
    gift("search-gift-ana", "Ana Rivera", "ana.rivera@example.org"),
    gift("search-gift-rivas", "Ana Rivas", "rivas@example.org"),
    gift("search-gift-jose", "José Pérez", "jp@correo.example"),
    gift("search-gift-ines", "Inés Ortega", "ines-ortega@acme.example"),
  ]);
  // The first request compiles the server build, which on a busy machine outlasts a test's time.
  await found("");
}, 180_000);

describe("the gift list's search", () => {
  it("finds a name, a word or part of an address, accents and case aside", async () => {
    expect(await found("rivera")).toEqual(["Ana Rivera"]);
    expect(await found("PEREZ")).toEqual(["José Pérez"]);
    expect(await found("inés")).toEqual(["Inés Ortega"]);
    expect(await found("ana")).toEqual(["Ana Rivera", "Ana Rivas"]);
    // Part of an address: its domain, its start, the whole of it.
    expect(await found("acme.example")).toEqual(["Inés Ortega"]);
    expect(await found("ana.rivera@exam")).toEqual(["Ana Rivera"]);
    expect(await found("jp@correo.example")).toEqual(["José Pérez"]);
    // Each word must begin a word of the name or address: "rive" begins "Rivera", "ivera" none.
    expect(await found("ana rive")).toEqual(["Ana Rivera"]);
    expect(await found("ivera")).toEqual([]);
  });

  it("reads what is typed as words, never as FTS5 syntax", async () => {
    expect(await found('"rivera"* (')).toEqual(["Ana Rivera"]);
    // As FTS5, "OR" would find both people; as words, nobody's name holds all three.
    expect(await found("ana OR jose")).toEqual([]);
    expect(await found("*)(")).toEqual([]);
  });

  it(
    "finds what the search by instr found after card gifts, refunds, disputes, offline gifts, an edit, a void, a pledge's payment, an import and its undo",
    { timeout: 180_000 },
    async () => {
      await expectSearchFollowsTheLedger();
      const steps: string[] = [];
      await writeGiftsEveryWay(admin, async (step) => {
        steps.push(step);
        await expectSearchFollowsTheLedger();
        // The edit renamed the only gift of "Olga Offline": found by the new name, not the old.
        if (step === "edit") {
          expect((await bothWays("nunez")).indexed).toHaveLength(1);
          expect((await bothWays("offline")).indexed).toEqual([]);
        }
        if (step === "import") expect((await bothWays("ursula")).indexed).toHaveLength(1);
        if (step === "import undone") expect((await bothWays("ursula")).indexed).toEqual([]);
      });
      expect(steps).toContain("import undone");
    },
  );

  it("pages a common word's 1,001 gifts in the list's order, says there are more than 1,000, in two D1 queries", async () => {
    // One statement through json_each: D1 binds at most 100 values.
    const many = Array.from({ length: 1_001 }, (_, n) =>
      gift(
        `search-many-${String(n).padStart(4, "0")}`,
        `Tally Donor ${n}`,
        `tally${n}@example.org`,
        new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
      ),
    );
    await insertJsonRows(db, donations, many);
    const page = async (query: string) => {
      const html = shown(
        await (
          await fetchPage(`/admin/donations?lng=en&q=tally${query}`, { headers: { Cookie: cookie } })
        ).text(),
      );
      return {
        totals: /(More than )?[\d,]+ gifts match[^<]*/.exec(html)?.[0],
        campaigns: html.includes('data-testid="campaign-totals"'),
        results: /[^>]*results?</.exec(html)?.[0],
        donors: [...html.matchAll(/>Tally Donor (\d+)</g)].map((match) => Number(match[1])),
      };
    };
    const newest = await page("");
    // Counted and summed up to 1,000: past it a sum would read every match (decision 057).
    expect(newest.totals).toBe("More than 1,000 gifts match: narrow the search to see what they count for.");
    expect(newest.results).toBe("More than 1,000 results<");
    expect(newest.campaigns).toBe(false);
    const narrowed = await page("%20donor%20999");
    expect(narrowed.totals).toBe("1 gifts match; $25.00 received.");
    expect(narrowed.campaigns).toBe(true);
    expect(newest.donors).toEqual(Array.from({ length: 25 }, (_, i) => 1_000 - i));
    expect((await page("&oldest=1")).donors).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
    const { count } = await countInvocation((counting) =>
      listDonations(counting, new URL("/admin/donations?q=tally", ORIGIN)),
    );
    expect(count.d1Queries).toBe(2);
  });
});
