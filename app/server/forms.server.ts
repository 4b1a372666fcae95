import type { SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { and, eq, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { data, type RouterContextProvider } from "react-router";
import type * as v from "valibot";
import { postedAttribution } from "~/lib/attribution";
import { messageWith } from "~/lib/forms/field-validation";
import { organizationContact } from "./content/organization.server";
import type { FieldSpec, FormDefinition } from "~/lib/forms/definition";
import { IDEMPOTENCY_FIELD, LOCALE_FIELD } from "~/lib/forms/field-names";
import { NewsletterSchema } from "~/lib/forms/public-form-schemas";
import { isLocale, type Locale } from "~/lib/i18n";
import { getRequestContext } from "./kernel/context.server";
import { getDb } from "./db/client.server";
import { submissions } from "./db/schema";
import { getInstance, requestLocale } from "./kernel/i18n.server";
import { logError } from "./kernel/log.server";
import { buildFormEmails } from "./mail/form-mail.server";
import { deliverLeased, deliverOutbox, queueLeasedEmail } from "./mail/outbox.server";
import { prepareSubscription } from "./newsletter.server";
import { guardPublicPost } from "./kernel/post-guard.server";
import { mayMailRecipient } from "./kernel/rate-limit.server";
import { sha256Hex } from "./kernel/sha256.server";
import { env } from "./kernel/env.server";
import { encryptSubmissionHealth, type SubmissionHealth } from "./families/child-data.server";

/** What every form action answers; `ok` is the success state of docs/product.md §4. */
export type FormActionData = { result: SubmissionResult<string[]>; ok: boolean };

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The visitor's language: the form says which one it was shown in, else the request's. */
function formLocale(formData: FormData, context: Readonly<RouterContextProvider>): Locale {
  const declared = formData.get(LOCALE_FIELD);
  if (isLocale(declared)) return declared;
  return requestLocale(context);
}

type Guarded =
  | { kind: "continue"; formData: FormData; locale: Locale }
  | { kind: "answer"; response: ReturnType<typeof data<FormActionData>> };

/**
 * The post guard's verdict (decision 012) in a form's words: a refused post is answered on
 * the form with a form-level message and what was typed (within the limits); a bot gets a
 * quiet success and nothing is stored.
 */
async function guardPost(args: ActionArgs, schema: v.GenericSchema): Promise<Guarded> {
  const guarded = await guardPublicPost(args, env);
  const { formData } = guarded;
  if (guarded.kind === "bot") {
    return {
      kind: "answer",
      response: data<FormActionData>({ result: { status: "success", initialValue: null }, ok: true }),
    };
  }
  if (guarded.kind === "refused") {
    return {
      kind: "answer",
      response: data<FormActionData>(
        {
          result: parseWithValibot(formData, { schema }).reply({ formErrors: [guarded.message] }),
          ok: false,
        },
        { status: guarded.status, headers: guarded.headers },
      ),
    };
  }
  return { kind: "continue", formData, locale: formLocale(formData, args.context) };
}

/** A post without the browser's key counts as a repeat of the same content for this long. */
const CONTENT_KEY_WINDOW_MS = 24 * 60 * 60 * 1000;

type SubmissionKey = { value: string; fromContent: boolean };

/**
 * The browser's key (one per page load, so a double click or a replayed post is one row);
 * without JavaScript, a hash of the content, which only counts within CONTENT_KEY_WINDOW_MS
 * (decision 016): the same answers next season are a new enrollment.
 */
async function idempotencyKey(kind: string, formData: FormData, value: unknown): Promise<SubmissionKey> {
  const sent = formData.get(IDEMPOTENCY_FIELD);
  if (typeof sent === "string" && /^[\w-]{16,64}$/.test(sent))
    return { value: `${kind}:${sent}`, fromContent: false };
  return { value: `${kind}:sha256:${await sha256Hex(JSON.stringify(value))}`, fromContent: true };
}

/**
 * What the payload keeps, and the answers of the form's health fields, which are stored only
 * encrypted beside it (decision 054); null when none was answered.
 */
function withoutHealthAnswers(fields: readonly FieldSpec[], value: Record<string, unknown>) {
  const payload = { ...value };
  const health: SubmissionHealth = {};
  for (const field of fields) {
    if (!field.health) continue;
    const answer = payload[field.name];
    delete payload[field.name];
    if (typeof answer === "string" && answer !== "") health[field.name] = answer;
  }
  return { payload, health: Object.keys(health).length > 0 ? health : null };
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(text);
}

/**
 * The one action of every form of docs/product.md §3: guard, parse with the shared schema, then the
 * submission and its two e-mails in one D1 batch (nothing stored without its mail), and
 * delivery after the answer (waitUntil); the Cron Trigger retries what the provider refused.
 * The confirmation to the typed address leaves only within RATE_LIMITS.formConfirmation per
 * recipient; past it the submission and the team's notification are stored all the same and the
 * answer does not change, so it tells no one whether the address was capped (decision 047).
 */
export async function handleFormSubmission<S extends v.GenericSchema>(
  args: ActionArgs,
  definition: FormDefinition<S>,
) {
  const guarded = await guardPost(args, definition.schema);
  if (guarded.kind === "answer") return guarded.response;
  const { formData, locale } = guarded;

  const submission = parseWithValibot(formData, { schema: definition.schema });
  if (submission.status !== "success") {
    return data<FormActionData>({ result: submission.reply(), ok: false }, { status: 400 });
  }

  const { ctx } = getRequestContext(args.context);
  const db = getDb(env);
  const value = submission.value as Record<string, unknown>;
  const contact = definition.contact(submission.value);
  const key = await idempotencyKey(definition.kind, formData, value);
  const done = () => data<FormActionData>({ result: submission.reply({ resetForm: true }), ok: true });

  try {
    const windowStart = new Date(Date.now() - CONTENT_KEY_WINDOW_MS).toISOString();
    const i18n = getInstance(args.context);
    // The request's instance has only its own language loaded; mail may need the other one.
    const [organization, confirm] = await Promise.all([
      organizationContact(env),
      mayMailRecipient(env, "formConfirmation", contact.email),
      i18n.loadLanguages([locale, "en"]),
    ]);
    const id = crypto.randomUUID();
    const { payload, health } = withoutHealthAnswers(definition.fields, value);
    const healthData = health ? await encryptSubmissionHealth(env, id, health) : null;
    const emails = buildFormEmails({
      definition: definition as unknown as FormDefinition,
      email: confirm ? contact.email : null,
      submissionId: id,
      locale,
      teamEmail: env.TEAM_EMAIL,
      siteUrl: env.SITE_URL,
      organization,
      t: { email: i18n.getFixedT(locale, "email") },
      team: { forms: i18n.getFixedT("en", "forms"), email: i18n.getFixedT("en", "email") },
    });
    // Queued already claimed by this request, which sends them right after the answer (decision 033).
    const mails = emails.map((email) => queueLeasedEmail(db, env, email));
    const statements: BatchItem<"sqlite">[] = mails.map((mail) => mail.statement);
    const subscriptionMailIds: string[] = [];

    // The contact form's newsletter box starts the same double opt-in as the footer.
    if (definition.kind === "contact" && value.newsletter === true) {
      const subscription = await prepareSubscription(
        env,
        db,
        { email: contact.email, locale, source: "contact", attribution: postedAttribution(formData) },
        i18n.getFixedT(locale, "email"),
      );
      statements.push(...subscription.statements);
      subscriptionMailIds.push(...subscription.outboxIds);
    }

    // No look-up first: the batch is one transaction, and a key already stored makes its insert
    // fail on the unique key, which stores nothing of the batch (a resend, or two identical posts
    // at once: the same success below). A content key older than the window first passes to the
    // new row; the old row keeps its own. A browser's key counts however old it is.
    const batch: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
      db.insert(submissions).values({
        id,
        kind: definition.kind,
        locale,
        name: contact.name,
        email: contact.email,
        phone: contact.phone || null,
        payload,
        healthData,
        idempotencyKey: key.value,
        attribution: postedAttribution(formData),
      }),
      ...statements,
    ];
    if (key.fromContent) {
      batch.unshift(
        db
          .update(submissions)
          .set({ idempotencyKey: sql`${submissions.idempotencyKey} || ':' || ${submissions.id}` })
          .where(and(eq(submissions.idempotencyKey, key.value), lt(submissions.createdAt, windowStart))),
      );
    }
    await db.batch(batch);
    const leased = mails.map((mail) => mail.message);
    ctx.waitUntil(deliverLeased(env, leased));
    if (subscriptionMailIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: subscriptionMailIds }));
    return done();
  } catch (error) {
    // A post already stored (a resend, a double click, two at once): its batch stored nothing.
    if (isUniqueViolation(error)) return done();
    logError(error, { form: definition.kind });
    return data<FormActionData>(
      {
        result: submission.reply({
          formErrors: [
            messageWith(`forms:${definition.id}.error`, { email: (await organizationContact(env)).email }),
          ],
        }),
        ok: false,
      },
      { status: 500 },
    );
  }
}

/** POST /newsletter: the footer's, the reports page's and the standalone page's subscribe box. */
export async function handleNewsletterSubscription(args: ActionArgs) {
  const guarded = await guardPost(args, NewsletterSchema);
  if (guarded.kind === "answer") return guarded.response;
  const { formData, locale } = guarded;
  const submission = parseWithValibot(formData, { schema: NewsletterSchema });
  if (submission.status !== "success") {
    return data<FormActionData>({ result: submission.reply(), ok: false }, { status: 400 });
  }
  const { ctx } = getRequestContext(args.context);
  const db = getDb(env);
  try {
    await getInstance(args.context).loadLanguages(locale);
    const { statements, outboxIds } = await prepareSubscription(
      env,
      db,
      {
        email: submission.value.email,
        locale,
        source: submission.value.source,
        attribution: postedAttribution(formData),
      },
      getInstance(args.context).getFixedT(locale, "email"),
    );
    const [first, ...rest] = statements;
    if (first) await db.batch([first, ...rest]);
    if (outboxIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: outboxIds }));
  } catch (error) {
    logError(error, { form: "newsletter" });
    return data<FormActionData>(
      { result: submission.reply({ formErrors: ["common:forms.genericError"] }), ok: false },
      { status: 500 },
    );
  }
  // The same answer whether or not the address was already subscribed: nothing to learn here.
  return data<FormActionData>({ result: submission.reply({ resetForm: true }), ok: true });
}
