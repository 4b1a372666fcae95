import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { FieldSpec, FormDefinition } from "~/lib/forms/definition";
import { FORMS, volunteerModalFields, volunteerPageFields } from "~/lib/forms/forms";
import { getDb } from "~/server/db/client.server";
import { outbox, submissions, users } from "~/server/db/schema";
import { handleDonateAction } from "~/server/donations/donate-form.server";
import { fetchPage, ORIGIN, postForm, shown } from "./fetch";

const db = getDb(env);
let address = 0;
/** Each test posts from its own address, so the shared allowance of one test never touches another. */
const visitor = () => ({ "CF-Connecting-IP": `203.0.113.${++address}` });
const FORM_HEADERS = { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" };

/** A raw body, exactly as an attacker sends it, with the time the answer took. */
async function postRaw(path: string, body: string, init: { method?: string; headers?: HeadersInit } = {}) {
  const started = Date.now();
  const response = await fetchPage(path, {
    method: init.method ?? "POST",
    body,
    headers: { ...FORM_HEADERS, ...visitor(), ...init.headers },
  });
  const text = await response.text();
  return {
    status: response.status,
    text: shown(text),
    bytes: new TextEncoder().encode(text).byteLength,
    ms: Date.now() - started,
  };
}

const CONTACT = "fullName=Ana+L%C3%B3pez&email=ana%40example.com&subject=general&preferredContact=email";
/** The form page with its message is about 60 KB; an echoed attack was 21 to 30 MB. */
const SMALL_ANSWER = 150_000;

// The first request of a file compiles the server build; the timings below are of warm requests.
beforeAll(() => fetchPage("/forms/contact"), 30_000);

const rowsWithKey = (key: string) =>
  db
    .select()
    .from(submissions)
    .where(eq(submissions.idempotencyKey, `contact:${key}`));

describe("crafted posts are refused on the raw body, fast and small", () => {
  it("refuses a huge bracket index on a form, keeping what was typed", async () => {
    for (const index of ["99999999", "10000000"]) {
      const answer = await postRaw("/forms/contact", `${CONTACT}&message=Hi&subject[${index}]=x`);
      expect(answer.status).toBe(400);
      expect(answer.bytes).toBeLessThan(SMALL_ANSWER);
      expect(answer.ms).toBeLessThan(1000);
      expect(answer.text).toContain("We could not read this form.");
      expect(answer.text).toContain('value="Ana López"');
    }
  });

  it("refuses 100,000 repeats of one field (too large), and 2,000 (too many fields)", async () => {
    const repeats = (count: number) => Array(count).fill("subject=general").join("&");
    const large = await postRaw("/forms/contact", repeats(100_000));
    expect(large.status).toBe(413);
    expect(large.bytes).toBeLessThan(SMALL_ANSWER);
    expect(large.ms).toBeLessThan(1000);
    const many = await postRaw("/forms/contact", repeats(2_000));
    expect(many.status).toBe(400);
    expect(many.bytes).toBeLessThan(SMALL_ANSWER);
    expect(many.ms).toBeLessThan(1000);
    expect(many.text).toContain("We could not read this form.");
  });

  it("refuses a field sent twice that takes one value, but takes a checkbox group", async () => {
    const twice = await postRaw("/forms/contact", `${CONTACT}&message=Hi&fullName=Eve`);
    expect(twice.status).toBe(400);
    expect(twice.text).toContain("We could not read this form.");
    const group = await postRaw(
      "/forms/enrollment",
      "studentName=Leo&parentName=Ana&email=ana%40example.com&phone=212-555-0100&age=14&grade=9" +
        "&programs=education&programs=athletics&programs=mentorship",
    );
    expect(group.status).toBe(200);
  });

  it("answers a 10 MB message with a translated 413, without echoing it", async () => {
    const answer = await postRaw("/forms/contact", `${CONTACT}&message=${"a".repeat(10 * 1024 * 1024)}`);
    expect(answer.status).toBe(413);
    expect(answer.bytes).toBeLessThan(SMALL_ANSWER);
    expect(answer.ms).toBeLessThan(1000);
    expect(answer.text).toContain("This form is too long to send.");
    const spanish = await postRaw("/forms/contact?lng=es", `message=${"a".repeat(100_000)}`);
    expect(spanish.status).toBe(413);
    expect(spanish.text).toContain("Este formulario es demasiado largo para enviarlo.");
  });

  it("answers conform's control fields with a 400, never a 500", async () => {
    for (const field of ["__state__=%7Bbad", "__intent__=%7Bbad"]) {
      const answer = await postRaw("/forms/contact", `${CONTACT}&message=Hi&${field}`);
      expect(answer.status).toBe(400);
      expect(answer.ms).toBeLessThan(1000);
    }
  });

  it("refuses an oversized body on sign-in, sign-up, admin and the webhook", async () => {
    const big = `email=a%40example.com&password=${"p".repeat(100_000)}`;
    const login = await postRaw("/login", big);
    expect(login.status).toBe(413);
    expect(login.text).toContain("<title>That form was too long to send</title>");
    const signup = await postRaw("/signup", `name=Ana&${big}`);
    expect(signup.status).toBe(413);
    expect(signup.text).toContain("This form is too long to send.");
    expect((await postRaw("/admin/users", `id=x&role=ADMIN&pad=${"p".repeat(100_000)}`)).status).toBe(413);
    const webhook = await postRaw(
      "/api/v1/stripe/webhook",
      JSON.stringify({ pad: "x".repeat(2 * 1024 * 1024) }),
      {
        headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=x" },
      },
    );
    expect(webhook.status).toBe(413);
    expect(webhook.bytes).toBeLessThan(SMALL_ANSWER);
  });

  it("refuses a bracket index on the pages whose forms have no lists", async () => {
    const login = await postRaw("/login", "email=a%40example.com&password[5]=x");
    expect(login.status).toBe(400);
    expect(login.text).toContain("<title>We could not read that form</title>");
  });
});

describe("methods", () => {
  it("answers PUT, PATCH and DELETE on a form route with 405 and stores nothing", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const key = crypto.randomUUID();
      const answer = await postRaw("/forms/contact", `${CONTACT}&message=Hello&idempotencyKey=${key}`, {
        method,
      });
      expect(answer.status).toBe(405);
      expect(answer.text).toContain("<title>This page cannot take that request</title>");
      expect(await rowsWithKey(key)).toHaveLength(0);
    }
  });
});

describe("one allowance per visitor across the public forms", () => {
  it("answers the 11th post in 10 minutes with a 429, whatever forms the ten went to", async () => {
    const headers = visitor();
    const paths = [...Object.values(FORMS).map((form) => form.path), "/newsletter"];
    for (const path of paths.slice(0, 10)) {
      const answer = await postForm(path, { email: "x" }, headers);
      expect(answer.status).toBe(400);
    }
    const eleventh = await postForm("/newsletter", { email: "someone@example.com" }, headers);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(shown(await eleventh.text())).toContain("You have sent several forms in a short time.");
  });
});

describe("control characters", () => {
  it("refuses a line break in a name with a translated message, and keeps them in a message", async () => {
    const key = crypto.randomUUID();
    const refused = await postForm(
      "/forms/contact",
      {
        fullName: "Eve\r\nBcc: x@y",
        email: "eve@example.com",
        subject: "general",
        message: "Hello",
        idempotencyKey: key,
      },
      visitor(),
    );
    expect(refused.status).toBe(400);
    expect(shown(await refused.text())).toContain(
      "Please remove line breaks and special characters from this answer.",
    );
    expect(await rowsWithKey(key)).toHaveLength(0);

    const spanish = await postForm(
      "/forms/contact?lng=es",
      { fullName: "Eve\u0007", email: "eve@example.com", subject: "general", message: "Hola" },
      visitor(),
    );
    expect(shown(await spanish.text())).toContain("Por favor, quite los saltos de línea");

    const accepted = await postForm(
      "/forms/contact",
      {
        fullName: "Eve",
        email: "eve@example.com",
        subject: "general",
        message: "First line\r\nSecond\tline",
        idempotencyKey: key,
      },
      visitor(),
    );
    expect(accepted.status).toBe(200);
    const [row] = await rowsWithKey(key);
    expect((row!.payload as { message: string }).message).toBe("First line\nSecond\tline");
  });

  it("every one-line field of every form refuses them; every long answer keeps only \\n and \\t", () => {
    const controlMessage = "common:forms.controlCharacters";
    type Variant = { form: FormDefinition; fields: readonly FieldSpec[]; variant?: string };
    const variants = (Object.values(FORMS) as FormDefinition[]).flatMap((form): Variant[] =>
      form.id === "volunteer"
        ? [
            { form, fields: volunteerPageFields, variant: "page" },
            { form, fields: volunteerModalFields, variant: "modal" },
          ]
        : [{ form, fields: form.fields }],
    );
    for (const { form, fields, variant } of variants) {
      for (const field of fields) {
        if (!["text", "email", "tel", "textarea"].includes(field.kind)) continue;
        const messagesFor = (value: string) => {
          const input = { [field.name]: value, variant };
          const result = v.safeParse(form.schema, input);
          return (result.issues ?? [])
            .filter((issue) => issue.path?.some((item) => item.key === field.name))
            .map((issue) => issue.message);
        };
        const label = `${form.id}.${field.name}`;
        if (field.kind === "textarea") {
          expect(messagesFor("one\r\ntwo\tthree"), label).not.toContain(controlMessage);
          expect(messagesFor("bell\u0007"), label).toContain(controlMessage);
        } else {
          expect(messagesFor("Eve\r\nBcc: x@y"), label).toContain(controlMessage);
        }
      }
    }
  });
});

describe("/donate", () => {
  it("answers junk with a translated 400 even without Stripe configured", async () => {
    const bare = { ...env, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined } as Env;
    const form = new FormData();
    for (const [name, value] of Object.entries({ step: "amount", amount: "abc", frequency: "zzz" }))
      form.set(name, value);
    const request = new Request(`${ORIGIN}/donate`, { method: "POST" });
    const outcome = await handleDonateAction(bare, request, form, { locale: "en", userId: null });
    expect(outcome).toMatchObject({ kind: "state", status: 400 });

    const forged = await postRaw("/donate", "amount[99999999]=x&step=amount");
    expect(forged.status).toBe(400);
    expect(forged.text).toContain("<title>We could not read that form</title>");
  });
});

describe("the honeypot", () => {
  it("gets the answer a person gets on every form, and nothing is stored or sent", async () => {
    const trap = { website: "http://spam.example" };
    for (const form of Object.values(FORMS)) {
      const key = crypto.randomUUID();
      const answer = await postForm(
        form.path,
        { ...trap, email: "bot@example.com", idempotencyKey: key },
        visitor(),
      );
      expect(answer.status, form.path).toBe(200);
      expect(
        await db
          .select()
          .from(submissions)
          .where(eq(submissions.idempotencyKey, `${form.kind}:${key}`)),
      ).toHaveLength(0);
    }
    const quiet = [
      await postForm("/newsletter", { ...trap, email: "bot@example.com" }, visitor()),
      await postForm("/donate/manage", { ...trap, email: "bot@example.com" }, visitor()),
      await postForm("/donate/statement", { ...trap, email: "bot@example.com", year: "2025" }, visitor()),
      await postForm("/forgot-password", { ...trap, email: "bot@example.com" }, visitor()),
      await postForm(
        "/signup",
        { ...trap, name: "Bot", email: "bot@example.com", password: "a long password" },
        visitor(),
      ),
    ];
    for (const answer of quiet) expect(answer.status, answer.url).toBeLessThan(400);
    expect(await db.select().from(users).where(eq(users.email, "bot@example.com"))).toHaveLength(0);
    expect(await db.select().from(outbox).where(eq(outbox.to, "bot@example.com"))).toHaveLength(0);
  });
});
