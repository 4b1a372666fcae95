import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/client.server";
import { outbox, submissionHistory, submissions } from "~/server/db/schema";
import worker from "../../workers/app";
import { userWithSession } from "./auth-helpers";
import { fetchPage, postForm, shown } from "./fetch";

const SUBMISSION = "5f0c2a1e-7b3d-4c8e-9a6f-1d2e3f4a5b6c";
let staff: Awaited<ReturnType<typeof userWithSession>>;

beforeAll(async () => {
  staff = await userWithSession("dana@example.org", "STAFF", "Dana");
  await getDb(env)
    .insert(submissions)
    .values({
      id: SUBMISSION,
      kind: "contact",
      locale: "es",
      name: "Rosa Díaz",
      email: "rosa@example.com",
      payload: {
        fullName: "Rosa Díaz",
        email: "rosa@example.com",
        subject: "program",
        message: "¿Hay cupo?",
      },
      idempotencyKey: "reply-mail-1",
    });
});

/** What Email Routing hands the Worker: the envelope, the raw MIME stream and its size. */
function inboundMessage(to: string, raw: string) {
  const bytes = new TextEncoder().encode(raw);
  const rejected: string[] = [];
  return {
    rejected,
    message: {
      from: "rosa@example.com",
      to,
      headers: new Headers(),
      raw: new Response(bytes).body!,
      rawSize: bytes.byteLength,
      canBeForwarded: true,
      setReject: (reason: string) => void rejected.push(reason),
      forward: () => Promise.resolve({ messageId: "" }),
      reply: () => Promise.resolve({ messageId: "" }),
    } as ForwardableEmailMessage,
  };
}

async function deliver(to: string, raw: string) {
  const { message, rejected } = inboundMessage(to, raw);
  await worker.email(message, env);
  return rejected;
}

/** A reply as a mail program writes it: the answer, the quoted message, and the same in HTML. */
const answer = (to: string, messageId: string) =>
  [
    "From: =?UTF-8?Q?Rosa_D=C3=ADaz?= <rosa@example.com>",
    `To: ${to}`,
    "Subject: =?UTF-8?Q?Re:_Recibimos_su_mensaje?=",
    `Message-ID: <${messageId}@mail.example.com>`,
    "Date: Wed, 25 Nov 2026 10:04:00 -0500",
    "MIME-Version: 1.0",
    'Content-Type: multipart/alternative; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    "Muchas gracias. =C2=BFA qu=C3=A9 hora empieza?",
    "",
    "El mi=C3=A9, 25 nov 2026 a las 9:00, product <hello@example.org> escribi=C3=B3:",
    "> Hola Rosa,",
    "> s=C3=AD, hay cupo.",
    "",
    "--b1",
    "Content-Type: text/html; charset=UTF-8",
    "",
    '<div>Muchas gracias. ¿A qué hora empieza?</div><script>alert("x")</script>',
    "<blockquote>Hola Rosa,<br>sí, hay cupo.</blockquote>",
    "",
    "--b1--",
    "",
  ].join("\r\n");

describe("a staff reply and the answer to it", () => {
  let replyTo = "";

  it("starts its subject with Re: and the confirmation's subject in the person's language", async () => {
    const html = shown(
      await (
        await fetchPage(`/admin/submissions/${SUBMISSION}`, { headers: { Cookie: staff.cookie } })
      ).text(),
    );
    expect(html).toContain('value="Re: Recibimos su mensaje"');
  });

  it("is signed in the person's language and answered to the submission's own address", async () => {
    const response = await postForm(
      `/admin/submissions/${SUBMISSION}`,
      { intent: "reply", subject: "Re: Recibimos su mensaje", message: "Hola Rosa,\nsí, hay cupo." },
      { Cookie: staff.cookie },
    );
    expect(response.status).toBe(200);
    const [mail] = await getDb(env).select().from(outbox).where(eq(outbox.template, "submission.reply"));
    expect(mail!.text).toContain("El equipo de product");
    expect(mail!.text).not.toContain("The product team");
    replyTo = mail!.replyTo!;
    expect(replyTo).toMatch(/^replies\+5f0c2a1e7b3d4c8e9a6f1d2e3f4a5b6c[0-9a-f]{20}@example\.org$/);
    expect(replyTo.split("@")[0]!.length).toBeLessThanOrEqual(64);
  });

  it("files the answer in the submission's history: the new text only, the HTML never kept", async () => {
    expect(await deliver(replyTo, answer(replyTo, "a1"))).toEqual([]);
    // Email Routing may hand the same message over twice; it is one line.
    expect(await deliver(replyTo.toUpperCase(), answer(replyTo, "a1"))).toEqual([]);
    const lines = await getDb(env)
      .select()
      .from(submissionHistory)
      .where(eq(submissionHistory.kind, "received"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      submissionId: SUBMISSION,
      subject: "Re: Recibimos su mensaje",
      body: "Muchas gracias. ¿A qué hora empieza?",
      userName: "Rosa Díaz <rosa@example.com>",
      userId: null,
    });
    const html = shown(
      await (
        await fetchPage(`/admin/submissions/${SUBMISSION}`, { headers: { Cookie: staff.cookie } })
      ).text(),
    );
    expect(html).toContain("E-mailed back by Rosa Díaz &lt;rosa@example.com&gt;");
    expect(html).toContain("Muchas gracias. ¿A qué hora empieza?");
    // The page says who touched it last: here, the person who wrote back.
    expect(html.replaceAll("<!-- -->", "")).toContain("Last change: Rosa Díaz &lt;rosa@example.com&gt;,");
  });

  it("keeps the text of an HTML-only answer, without its script", async () => {
    const raw = [
      "From: rosa@example.com",
      `To: ${replyTo}`,
      "Subject: Otra pregunta",
      "Message-ID: <a2@mail.example.com>",
      "Content-Type: text/html; charset=UTF-8",
      "",
      "<p>¿Puedo llevar a mi hermano?</p><script>alert(1)</script><style>p{}</style>",
    ].join("\r\n");
    expect(await deliver(replyTo, raw)).toEqual([]);
    const [line] = await getDb(env)
      .select()
      .from(submissionHistory)
      .where(eq(submissionHistory.subject, "Otra pregunta"));
    expect(line!.body).toBe("¿Puedo llevar a mi hermano?");
  });

  it("refuses mail to an address it did not give out, and files nothing", async () => {
    const last = replyTo.at(replyTo.indexOf("@") - 1);
    const forged = replyTo.replace(`${last}@`, `${last === "0" ? "1" : "0"}@`);
    const before = await getDb(env).select().from(submissionHistory);
    expect(await deliver(forged, answer(forged, "a3"))).toEqual(["Unknown address"]);
    expect(await deliver("replies@example.org", answer("replies@example.org", "a4"))).toEqual([
      "Unknown address",
    ]);
    expect(await getDb(env).select().from(submissionHistory)).toHaveLength(before.length);
  });

  it("drops an out-of-office answer without filing or bouncing it", async () => {
    const raw = answer(replyTo, "a5").replace(
      "MIME-Version: 1.0",
      "Auto-Submitted: auto-replied\r\nMIME-Version: 1.0",
    );
    const before = await getDb(env).select().from(submissionHistory);
    expect(await deliver(replyTo, raw)).toEqual([]);
    expect(await getDb(env).select().from(submissionHistory)).toHaveLength(before.length);
  });
});
