import { data, redirect, type RouterContextProvider } from "react-router";
import { postedAttribution } from "~/lib/attribution";
import { messageWith } from "~/lib/forms/field-validation";
import { EventRegistrationSchema, MAX_SEATS_PER_ORDER, ticketAmounts } from "~/lib/tickets";
import { getRequestContext } from "../kernel/context.server";
import { getInstance, requestLocale } from "../kernel/i18n.server";
import { readPostedForm } from "../kernel/post-guard.server";
import { hitCheckoutLimits } from "../kernel/rate-limit.server";
import { visitorCookieHeader } from "../kernel/visitor-cookie.server";
import { parsePublicPost } from "../page-form.server";
import { goneOrNotFound } from "../content/gone-page.server";
import { pageSeo } from "../seo.server";
import { isStripeConfigured } from "../stripe/client.server";
import { getEventForSale } from "./catalog.server";
import {
  confirmRsvp,
  eventAvailability,
  readRsvpLink,
  readTicketOrder,
  registerRsvp,
  seatHolder,
  startTicketCheckout,
  type RsvpConfirmation,
  type SeatRefusal,
} from "./registrations.server";
import { env } from "../kernel/env.server";

/**
 * /events/:slug/register: a free event's RSVP or a paid event's tickets (decision 024), and the
 * page an RSVP's e-mailed link opens (`?rsvp=<token>`: a button that confirms by POST, decision
 * 046). The server decides whether the event still takes registrations; the page only shows it.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { slug?: string } };

async function eventOr404(args: Args) {
  const event = await getEventForSale(env, args.params.slug ?? "");
  if (!event) throw data(null, { status: 404 });
  return event;
}

export async function loadRegisterPage(args: Args) {
  const { ctx } = getRequestContext(args.context);
  const event = await getEventForSale(env, args.params.slug ?? "");
  // An event taken down answers 410 or goes where staff sent it (decision 053).
  if (!event) return goneOrNotFound(args, "event", args.params.slug);
  const url = new URL(args.request.url);
  const availability = await eventAvailability(env, event);
  const sessionId = url.searchParams.get("session_id");
  const order = sessionId
    ? await readTicketOrder(env, ctx, event, sessionId, (slug) => getEventForSale(env, slug))
    : null;
  const unit = ticketAmounts(event.priceCents, event.fairMarketValueCents, 1);
  const cookie = event.priceCents > 0 ? await visitorCookieHeader(env, args.request) : null;
  const rsvpToken = url.searchParams.get("rsvp");
  const rsvpLink = rsvpToken ? await readRsvpLink(env, rsvpToken) : null;
  const locale = requestLocale(args.context);
  const t = getInstance(args.context).getFixedT(locale, "tickets");
  const title = t(event.priceCents > 0 ? "register.titleTickets" : "register.titleRsvp", {
    event: event.title[locale],
  });
  return data(
    {
      seo: pageSeo(args, "events", { title }),
      locale,
      // The page's words in the visitor's language only: the event's other language stays home.
      event: {
        slug: event.slug,
        title: event.title[locale],
        startsAt: event.startsAt,
        priceCents: event.priceCents,
        valueDescription: event.valueDescription[locale],
        place: event.place[locale],
        address: event.address,
      },
      availability,
      unit,
      maxSeats: Math.min(MAX_SEATS_PER_ORDER, Math.max(1, availability.seatsLeft)),
      order,
      canceled: url.searchParams.has("canceled"),
      // The link's own token goes back in the confirming form; a bad one only gets a notice.
      rsvpLink: rsvpToken
        ? rsvpLink
          ? { token: rsvpToken, quantity: rsvpLink.quantity }
          : ("invalid" as const)
        : null,
      ticketsConfigured: isStripeConfigured(env),
    },
    { headers: { "Cache-Control": "no-store", ...(cookie ? { "Set-Cookie": cookie } : {}) } },
  );
}

const REFUSALS = {
  past: "tickets:register.past",
  "sold-out": "tickets:register.soldOut",
  stripe: "tickets:register.failed",
  invalid: "tickets:register.rsvpLinkInvalid",
} as const;

/** What a refused registration or confirmation says, and its status. */
function refusalAnswer(outcome: SeatRefusal | { ok: false; reason: "stripe" | "invalid" }) {
  const message =
    outcome.reason === "address-limit"
      ? messageWith("tickets:register.addressLimit", { count: outcome.seatsLeft })
      : // Fewer seats than asked: say how many are left.
        outcome.reason === "sold-out" && outcome.seatsLeft > 0
        ? messageWith("tickets:register.notEnough", { count: outcome.seatsLeft })
        : REFUSALS[outcome.reason];
  const status = outcome.reason === "stripe" ? 502 : outcome.reason === "address-limit" ? 429 : 409;
  return { message, status };
}

export async function handleRegisterPost(args: Args) {
  const { ctx } = getRequestContext(args.context);
  const event = await eventOr404(args);
  const paid = event.priceCents > 0;
  const posted = readPostedForm(args.context);
  if (!paid && posted.get("intent") === "confirm-rsvp")
    return answerConfirmation(await confirmRsvp(env, event, String(posted.get("token") ?? "")));
  const parsed = await parsePublicPost(args, EventRegistrationSchema, {
    // Tickets start a Checkout, so they share its limits; an RSVP is a public form (decision 012).
    ...(paid
      ? {
          rateLimit: { hit: () => hitCheckoutLimits(env, args.request, String(posted.get("email") ?? "")) },
          messages: { rateLimited: "tickets:register.rateLimited" },
        }
      : {}),
  });
  if (parsed.kind === "answered") return parsed.answer;
  if (parsed.kind === "bot") return { result: parsed.reply({ resetForm: true }), done: null };
  const locale = requestLocale(args.context);
  const request = {
    name: parsed.value.name,
    email: parsed.value.email,
    locale,
    quantity: parsed.value.quantity,
    holder: await seatHolder(args.request),
    attribution: postedAttribution(posted),
  };
  if (paid && !isStripeConfigured(env))
    return data(
      { result: parsed.reply({ formErrors: ["tickets:register.notConfigured"] }), done: null },
      { status: 503 },
    );
  const outcome = paid
    ? await startTicketCheckout(env, event, request, new URL(args.request.url).origin)
    : await registerRsvp(env, ctx, event, request);
  if (outcome.ok && "url" in outcome) return redirect(outcome.url, 303);
  if (outcome.ok) {
    // The same answer whether this was a first RSVP or a change, and whether a mail left.
    return {
      result: parsed.reply({ resetForm: true }),
      done: { email: request.email, count: request.quantity },
    };
  }
  const { message, status } = refusalAnswer(outcome);
  return data({ result: parsed.reply({ formErrors: [message] }), done: null }, { status });
}

function answerConfirmation(outcome: RsvpConfirmation) {
  if (outcome.ok) return { confirmed: { count: outcome.quantity } };
  const { message, status } = refusalAnswer(outcome);
  return data({ confirmError: message }, { status });
}
