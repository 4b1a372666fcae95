import type { Locale } from "~/lib/i18n";
import type { RouterContextProvider } from "react-router";
import { getRequestContext } from "../kernel/context.server";
import { requestLocale } from "../kernel/i18n.server";
import { readPostedForm } from "../kernel/post-guard.server";
import { deliverOutbox } from "../mail/outbox.server";
import { answerOffer, offerFromToken } from "./enrolments.server";
import { env } from "../kernel/env.server";

/**
 * /account/offer?token=…: the page an offer e-mail opens (decision 054). Opening it changes
 * nothing (mail scanners follow links, decision 014); its two buttons post the answer. The
 * signed link is the proof, as the RSVP link is (decision 046), so a guardian answers from the
 * phone that got the mail without signing in.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

type OfferView = {
  state: "open" | "answered" | "expired";
  child: string;
  session: string;
  expiresAt: string | null;
};

async function offerView(
  env: Env,
  enrolmentId: string,
  locale: Locale,
  now: Date,
): Promise<OfferView | null> {
  const row = await env.DB.prepare(
    `SELECT e.status, e.offer_expires_at AS expiresAt, c.name AS child, s.title_en AS titleEn, s.title_es AS titleEs
     FROM enrolments e JOIN children c ON c.id = e.child_id JOIN program_sessions s ON s.id = e.session_id
     WHERE e.id = ?1`,
  )
    .bind(enrolmentId)
    .first<{ status: string; expiresAt: string | null; child: string; titleEn: string; titleEs: string }>();
  if (!row) return null;
  const open = row.status === "offered" && row.expiresAt !== null && row.expiresAt > now.toISOString();
  return {
    state: open ? "open" : row.status === "offered" || row.status === "expired" ? "expired" : "answered",
    child: row.child.split(" ")[0] ?? "",
    session: locale === "es" ? row.titleEs : row.titleEn,
    expiresAt: open ? row.expiresAt : null,
  };
}

export async function loadOfferPage(args: Args) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const locale = requestLocale(args.context);
  const enrolmentId = token ? await offerFromToken(env, token) : null;
  const offer = enrolmentId ? await offerView(env, enrolmentId, locale, new Date()) : null;
  return { token, locale, offer };
}

/** The answer: "accept" takes the place while the offer stands; "decline" passes it on at once. */
export async function handleOfferPost(args: Args) {
  const { ctx } = getRequestContext(args.context);
  const posted = readPostedForm(args.context);
  const enrolmentId = await offerFromToken(env, String(posted.get("token") ?? ""));
  if (!enrolmentId) return { answer: "invalid" as const };
  const accept = posted.get("answer") === "accept";
  const outcome = await answerOffer(env, enrolmentId, accept);
  // A declined place is offered to the next family now, not at the next Cron run.
  if (outcome.offerIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: outcome.offerIds }));
  if (!outcome.ok) return { answer: "expired" as const };
  return { answer: accept ? ("accepted" as const) : ("declined" as const) };
}
