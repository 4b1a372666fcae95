import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { auditLog, files } from "~/server/db/schema";
import { png } from "../support/sample-files";
import { userWithSession } from "./auth-helpers";
import { fetchPage, ORIGIN, shown } from "./fetch";

const db = getDb(env);
let first: Awaited<ReturnType<typeof userWithSession>>;
let second: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  first = await userWithSession("first-uploader@example.org", "STAFF");
  second = await userWithSession("second-uploader@example.org", "STAFF");
}, 30_000);

/** The first upload: its name and descriptions. */
const COACH = ["coach.png", "Coach Rivera at practice", "La entrenadora Rivera"] as const;

function upload(cookie: string, name: string, altEn: string, altEs: string, query = "") {
  const form = new FormData();
  form.append("file", new File([png(640, 480)], name, { type: "image/png" }));
  form.append("altEn", altEn);
  form.append("altEs", altEs);
  return fetchPage(`/admin/files${query}`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: cookie },
  });
}

describe("uploading bytes that are already in the library (decision 047)", () => {
  it("keeps the first uploader's name and descriptions and refuses another's, saying which file it is", async () => {
    const original = await upload(first.cookie, ...COACH);
    expect(original.status).toBe(200);
    const [row] = await db.select().from(files);
    const address = `/files/${row!.id}`;

    const again = await upload(
      second.cookie,
      "evil.png",
      "Click evil.example now",
      "Haga clic en evil.example",
    );
    expect(again.status).toBe(400);
    const html = shown(await again.text());
    expect(html).toContain(`This file is already in the library as coach.png (${address})`);
    // What the second person typed stays in the form.
    expect(html).toContain('value="Click evil.example now"');

    const [after] = await db.select().from(files);
    expect(after).toMatchObject({
      name: "coach.png",
      altEn: "Coach Rivera at practice",
      altEs: "La entrenadora Rivera",
      uploadedBy: first.user.id,
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, row!.id));
    expect(audit.map((entry) => entry.userId)).toEqual([first.user.id]);
  });

  it("in Spanish too", async () => {
    const response = await upload(second.cookie, "otro.png", "Another", "Otra", "?lng=es");
    expect(response.status).toBe(400);
    expect(shown(await response.text())).toContain("Este archivo ya está en la biblioteca como coach.png");
  });

  it("the same file with the same name and descriptions is answered as uploaded, and nothing changes", async () => {
    const response = await upload(second.cookie, ...COACH);
    expect(response.status).toBe(200);
    expect(shown(await response.text())).toContain("Uploaded coach.png");
    const rows = await db.select().from(files);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.uploadedBy).toBe(first.user.id);
  });
});
