import { data, redirect, type RouterContextProvider } from "react-router";
import { messageWith } from "~/lib/forms/field-validation";
import { EventRegistrationSchema, MAX_SEATS_PER_ORDER, ticketAmounts } from "~/lib/tickets";
import { getRequestContext } from "../kernel/context.server";
import { getInstance, requestLocale } from "../kernel/i18n.server";
import { readPostedForm } from "../kernel/post-guard.server";
import { hitCheckoutLimits } from "../kernel/rate-limit.server";
import { visitorCookieHeader } from "../kernel/visitor-cookie.server";
import { parsePublicPost } from "../page-form.server";
import { pageSeo } from "../seo.server";
import { isStripeConfigured } from "../stripe/client.server";
import { getEventForSale } from "./catalog.server";
import {
  eventAvailability,
  readTicketOrder,
  registerRsvp,
  startTicketCheckout,
} from "./registrations.server";

/**
 * /events/:slug/register: a free event's RSVP or a paid event's tickets (decision 024). The
 * server decides whether the event still takes registrations; the page only shows it.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { slug?: string } };

async function eventOr404(args: Args) {
  const { env } = getRequestContext(args.context);
  const event = await getEventForSale(env, args.params.slug ?? "");
  if (!event) throw data(null, { status: 404 });
  return event;
}

export async function loadRegisterPage(args: Args) {
  const { env, ctx } = getRequestContext(args.context);
  const event = await eventOr404(args);
  const url = new URL(args.request.url);
  const availability = await eventAvailability(env, event);
  const sessionId = url.searchParams.get("session_id");
  const order = sessionId
    ? await readTicketOrder(env, ctx, event, sessionId, (slug) => getEventForSale(env, slug))
    : null;
  const unit = ticketAmounts(event.priceCents, event.fairMarketValueCents, 1);
  const cookie = event.priceCents > 0 ? visitorCookieHeader(args.request) : null;
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
      },
      availability,
      unit,
      maxSeats: Math.min(MAX_SEATS_PER_ORDER, Math.max(1, availability.seatsLeft)),
      order,
      canceled: url.searchParams.has("canceled"),
      ticketsConfigured: isStripeConfigured(env),
    },
    { headers: { "Cache-Control": "no-store", ...(cookie ? { "Set-Cookie": cookie } : {}) } },
  );
}

const REFUSALS = {
  past: "tickets:register.past",
  "sold-out": "tickets:register.soldOut",
  stripe: "tickets:register.failed",
} as const;

export async function handleRegisterPost(args: Args) {
  const { env, ctx } = getRequestContext(args.context);
  const event = await eventOr404(args);
  const paid = event.priceCents > 0;
  const posted = readPostedForm(args.context);
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
    return {
      result: parsed.reply({ resetForm: true }),
      done: { name: request.name, email: request.email, count: request.quantity },
    };
  }
  // Fewer seats than asked: say how many are left.
  const message =
    outcome.reason === "sold-out" && outcome.seatsLeft > 0
      ? messageWith("tickets:register.notEnough", { count: outcome.seatsLeft })
      : REFUSALS[outcome.reason];
  return data(
    { result: parsed.reply({ formErrors: [message] }), done: null },
    { status: outcome.reason === "stripe" ? 502 : 409 },
  );
}
