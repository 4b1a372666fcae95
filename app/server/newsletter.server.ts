import type { TFunction } from "i18next";
import { and, eq, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Attribution } from "~/lib/attribution";
import type { Locale } from "~/lib/i18n";
import { escapeHtml, newsletterHtml, newsletterText } from "~/lib/newsletter-body";
import { getDb, type Db } from "./db/client.server";
import { organizationContact } from "./content/organization.server";
import { subscribers } from "./db/schema";
import type { OutgoingEmail } from "./mail/message.server";
import { queueEmail } from "./mail/outbox.server";
import { mayMailRecipient } from "./kernel/rate-limit.server";
import { signToken, verifyToken } from "./kernel/signed-token.server";

/** Double opt-in (docs/architecture.md, Newsletter): a pending row, a signed link, and only then "confirmed". */
const CONFIRM_PURPOSE = "newsletter-confirm";
const UNSUBSCRIBE_PURPOSE = "newsletter-unsubscribe";
const CONFIRM_TTL_SECONDS = 7 * 24 * 60 * 60;
// Unsubscribe links must keep working in old mail.
const UNSUBSCRIBE_TTL_SECONDS = 5 * 365 * 24 * 60 * 60;

type LinkEnv = Pick<Env, "CACHE" | "LINK_SIGNING_SECRET" | "SITE_URL">;
/** Mail also signs with the organisation's address (decision 028). */
type MailEnv = LinkEnv & Pick<Env, "DB" | "MAIL_FROM">;

function link(env: LinkEnv, path: string, token: string, locale: Locale): string {
  const url = new URL(path, env.SITE_URL);
  url.searchParams.set("token", token);
  if (locale !== "en") url.searchParams.set("lng", locale);
  return url.toString();
}

/** The link at the end of every newsletter mail (tokens are signed over the e-mail address). */
async function unsubscribeLink(env: LinkEnv, email: string, locale: Locale): Promise<string> {
  return link(
    env,
    "/newsletter/unsubscribe",
    await signToken(env, UNSUBSCRIBE_PURPOSE, email, UNSUBSCRIBE_TTL_SECONDS),
    locale,
  );
}

/**
 * The headers that give mail programs their own unsubscribe button (RFC 8058): a one-click POST
 * to the API's unsubscribe address, which takes posts from the provider's servers; opened in a
 * browser it leads to the page that asks first.
 */
async function unsubscribeHeaders(
  env: LinkEnv,
  email: string,
  locale: Locale,
): Promise<Record<string, string>> {
  const token = await signToken(env, UNSUBSCRIBE_PURPOSE, email, UNSUBSCRIBE_TTL_SECONDS);
  return {
    "List-Unsubscribe": `<${link(env, "/api/v1/newsletter/unsubscribe", token, locale)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The statements that subscribe `email` (to run in the caller's batch) and the confirmation
 * mail. Subscribing twice keeps one row; a confirmed subscriber gets no second mail, and an
 * address gets at most RATE_LIMITS.newsletterConfirmation links a day, whoever asks; the
 * caller answers the same either way (decision 047).
 */
export async function prepareSubscription(
  env: MailEnv,
  db: Db,
  input: { email: string; locale: Locale; source: string; attribution: Attribution | null },
  t: TFunction,
): Promise<{ statements: BatchItem<"sqlite">[]; outboxIds: string[] }> {
  const [existing] = await db
    .select({ status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.email, input.email));
  if (existing?.status === "confirmed") return { statements: [], outboxIds: [] };

  const upsert = db
    .insert(subscribers)
    // A second subscription keeps the first one's attribution: the first touch is the one reported.
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      locale: input.locale,
      source: input.source,
      attribution: input.attribution,
    })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: { status: "pending", locale: input.locale, unsubscribedAt: null },
    });
  if (!(await mayMailRecipient(env, "newsletterConfirmation", input.email))) {
    return { statements: [upsert], outboxIds: [] };
  }

  const confirmUrl = link(
    env,
    "/newsletter/confirm",
    await signToken(env, CONFIRM_PURPOSE, input.email, CONFIRM_TTL_SECONDS),
    input.locale,
  );
  const outboxId = crypto.randomUUID();
  const mail = queueEmail(
    db,
    {
      to: input.email,
      subject: t("newsletter.confirm.subject"),
      text: [
        t("newsletter.confirm.intro"),
        "",
        confirmUrl,
        "",
        t("newsletter.confirm.ignore"),
        "",
        t("signature"),
        (await organizationContact(env)).email,
        "",
        t("newsletter.unsubscribe", { url: await unsubscribeLink(env, input.email, input.locale) }),
      ].join("\n"),
      template: "newsletter.confirm",
      locale: input.locale,
      headers: await unsubscribeHeaders(env, input.email, input.locale),
    },
    outboxId,
  );
  return { statements: [upsert, mail], outboxIds: [outboxId] };
}

export type ConfirmOutcome = "confirmed" | "already" | "invalid";

type ConfirmationState =
  { state: "invalid" } | { state: "pending" | "already"; email: string; locale: Locale };

/** Where a confirmation link stands, without changing anything (GET shows a button). */
export async function confirmationState(env: LinkEnv, db: Db, token: string): Promise<ConfirmationState> {
  const email = await verifyToken(env, CONFIRM_PURPOSE, token);
  if (!email) return { state: "invalid" };
  const [row] = await db
    .select({ status: subscribers.status, locale: subscribers.locale })
    .from(subscribers)
    .where(eq(subscribers.email, email));
  if (!row || row.status === "unsubscribed") return { state: "invalid" };
  return { state: row.status === "confirmed" ? "already" : "pending", email, locale: row.locale as Locale };
}

/**
 * The POST behind the confirmation page's button: pending becomes confirmed, and a welcome
 * mail is queued. Only a person's click does this; a mail scanner that follows the link does not.
 */
export async function confirmSubscription(
  env: MailEnv,
  db: Db,
  token: string,
  t: TFunction,
): Promise<{ outcome: ConfirmOutcome; outboxIds: string[] }> {
  const link = await confirmationState(env, db, token);
  if (link.state === "invalid") return { outcome: "invalid", outboxIds: [] };
  if (link.state === "already") return { outcome: "already", outboxIds: [] };
  const { email, locale } = link;
  const outboxId = crypto.randomUUID();
  await db.batch([
    db
      .update(subscribers)
      .set({ status: "confirmed", confirmedAt: new Date().toISOString() })
      .where(eq(subscribers.email, email)),
    queueEmail(
      db,
      {
        to: email,
        subject: t("newsletter.welcome.subject"),
        text: [
          t("newsletter.welcome.intro"),
          "",
          t("signature"),
          (await organizationContact(env)).email,
          "",
          t("newsletter.unsubscribe", { url: await unsubscribeLink(env, email, locale) }),
        ].join("\n"),
        template: "newsletter.welcome",
        locale,
        headers: await unsubscribeHeaders(env, email, locale),
      },
      outboxId,
    ),
  ]);
  return { outcome: "confirmed", outboxIds: [outboxId] };
}

/** Whether an unsubscribe link is genuine (GET shows a button; only the POST changes anything). */
export async function unsubscribeEmail(env: LinkEnv, token: string): Promise<string | null> {
  return verifyToken(env, UNSUBSCRIBE_PURPOSE, token);
}

export async function unsubscribe(env: LinkEnv, db: Db, token: string): Promise<boolean> {
  const email = await unsubscribeEmail(env, token);
  if (!email) return false;
  await db
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date().toISOString() })
    .where(eq(subscribers.email, email));
  return true;
}

/** The person's own choice on /account. */
export async function selfUnsubscribe(env: Pick<Env, "DB">, email: string) {
  await getDb(env)
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date().toISOString(), confirmTokenHash: null })
    .where(and(eq(subscribers.email, email), ne(subscribers.status, "unsubscribed")));
}

/**
 * One newsletter issue for one subscriber, in their language: the text and HTML of the body
 * (decision 022), the unsubscribe link at the end and the one-click unsubscribe headers.
 */
export async function newsletterIssueMail(
  env: MailEnv,
  issue: { subject: string; body: string },
  to: { email: string; locale: Locale },
  t: TFunction,
): Promise<Omit<OutgoingEmail, "template">> {
  const url = await unsubscribeLink(env, to.email, to.locale);
  const footer = t("newsletter.unsubscribe", { url });
  const organization = await organizationContact(env);
  return {
    to: to.email,
    subject: issue.subject,
    text: [newsletterText(issue.body), "", t("signature"), organization.email, "", footer].join("\n"),
    html: [
      newsletterHtml(issue.body),
      `<p>${escapeHtml(t("signature"))}<br>${escapeHtml(organization.email)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t("newsletter.unsubscribeLink"))}</a></p>`,
    ].join("\n"),
    replyTo: organization.email,
    locale: to.locale,
    headers: await unsubscribeHeaders(env, to.email, to.locale),
  };
}
