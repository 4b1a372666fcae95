import { env } from "cloudflare:workers";
import { count, like } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { getDb } from "~/server/db/client.server";
import { donations } from "~/server/db/schema";
import { getImport } from "~/server/imports/jobs.server";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, postForm, shown } from "./fetch";

type Session = Awaited<ReturnType<typeof userWithSession>>;

/**
 * An ADMIN made and signed in before the file's tests, filled in place when they start. The first
 * page is fetched too: it compiles the server build, which on a busy machine outlasts a test's time.
 */
export function adminBeforeAll(email: string, name: string): Session {
  const admin = {} as Session;
  beforeAll(async () => {
    Object.assign(admin, await userWithSession(email, "ADMIN", name));
    await fetchPage("/");
  }, 180_000);
  return admin;
}

/**
 * The imports page as staff use it (docs/decisions/069-imports.md), signed in as `staff`: a file
 * uploaded, the job's page read, its steps posted, and "continue" posted as the page does until
 * the running step is done.
 */
export function importsPage(staff: Session) {
  /** Uploads a file of a kind as the imports page does; the new job's id. */
  async function upload(kind: string, csv: BlobPart, name = "file.csv") {
    const form = new FormData();
    form.append("kind", kind);
    form.append("file", new File([csv], name, { type: "text/csv" }));
    const response = await fetchPage("/admin/imports", {
      method: "POST",
      body: form,
      headers: { Origin: ORIGIN, Cookie: staff.cookie },
    });
    expect(response.status).toBe(303);
    return response.headers.get("Location")!.split("/").at(-1)!;
  }

  const page = async (id: string, query = "") =>
    shown(
      await (await fetchPage(`/admin/imports/${id}${query}`, { headers: { Cookie: staff.cookie } })).text(),
    );

  const post = (id: string, fields: Record<string, string>) =>
    postForm(`/admin/imports/${id}?lng=en`, fields, { Cookie: staff.cookie });

  /** Posts "continue" until the running step is done; how many posts it took. */
  async function runToEnd(id: string) {
    let posts = 0;
    for (;;) {
      const job = await getImport(env, id);
      if (job?.status !== "checking" && job?.status !== "importing") return posts;
      expect((await post(id, { intent: "continue" })).status).toBe(303);
      posts++;
    }
  }

  /** Posts one step (map, import) and runs it to its end. */
  async function step(id: string, fields: Record<string, string>) {
    expect((await post(id, fields)).status).toBe(303);
    await runToEnd(id);
  }

  return { upload, page, post, runToEnd, step };
}

/** How many gifts there are from donors at an e-mail domain: each test's imports use their own. */
export const giftsOf = async (domain: string) =>
  (
    await getDb(env)
      .select({ n: count() })
      .from(donations)
      .where(like(donations.donorEmail, `%@${domain}`))
  )[0]!.n;
