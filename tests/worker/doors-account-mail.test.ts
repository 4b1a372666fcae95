import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { outbox } from "~/server/db/schema";
import { getMailTransport } from "~/server/mail/transport.server";
import { postForm } from "./fetch";

const db = getDb(env);
let ip = 0;
const fromAddress = () => ({ "CF-Connecting-IP": `203.0.113.${++ip}` });

/** What the mail provider receives for an outbox row: the JSON the "http" transport posts. */
async function asReceived(row: typeof outbox.$inferSelect): Promise<string> {
  const provider = { ...env, MAIL_TRANSPORT: "http", MAIL_API_URL: `${env.MAIL_TEST_ORIGIN}/ok` } as Env;
  await getMailTransport(provider)(row, provider, AbortSignal.timeout(5_000));
  const response = await fetch(`${env.MAIL_TEST_ORIGIN}/__test/requests?key=${encodeURIComponent(row.id)}`);
  const [request] = (await response.json()) as { body: unknown }[];
  return JSON.stringify(request!.body);
}

const mailTo = async (email: string, template: string) =>
  (await db.select().from(outbox).where(eq(outbox.to, email))).filter((row) => row.template === template);

describe("account mail to a typed, unproven address carries nothing typed (decision 047)", () => {
  it("the confirmation, the existing-account notice and the reset link greet without the typed name", async () => {
    const email = "hostile-name@example.com";
    const hostileName = "URGENT account locked call 1-900-555-0199 Zqhostile";
    const secondName = "Zqsecond URGENT call now";
    const password = "a long enough passphrase";

    await postForm("/signup", { name: hostileName, email, password }, fromAddress());
    await postForm("/signup", { name: secondName, email, password }, fromAddress());
    await postForm("/forgot-password", { email }, fromAddress());

    const [verify] = await mailTo(email, "account.verify-email");
    const [existing] = await mailTo(email, "account.signup-existing");
    const [reset] = await mailTo(email, "account.password-reset");
    for (const [label, mail, words] of [
      ["verify", verify, /verify-email\?token=/],
      ["existing", existing, /forgot-password/],
      ["reset", reset, /reset-password\?token=/],
    ] as const) {
      expect(mail, label).toBeDefined();
      expect(mail!.text, label).toMatch(/^Hello,\n/);
      expect(mail!.text, label).toMatch(words);
      const received = await asReceived(mail!);
      for (const typed of ["Zqhostile", "Zqsecond", "1-900", "URGENT"]) {
        expect(received, label).not.toContain(typed);
      }
    }
  });

  it("greets in Spanish with «Hola:»", async () => {
    const email = "hostile-name-es@example.com";
    await postForm(
      "/signup?lng=es",
      { name: "Zqhostil URGENTE", email, password: "una frase bastante larga" },
      fromAddress(),
    );
    await postForm("/forgot-password?lng=es", { email }, fromAddress());
    for (const template of ["account.verify-email", "account.password-reset"]) {
      const [mail] = await mailTo(email, template);
      expect(mail, template).toBeDefined();
      expect(mail!.text, template).toMatch(/^Hola:\n/);
      expect(await asReceived(mail!), template).not.toContain("Zqhostil");
    }
  });
});
