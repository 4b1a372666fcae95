import { getRequestContext } from "~/server/kernel/context.server";
import { handleStripeWebhook } from "~/server/stripe/webhook.server";
import type { Route } from "./+types/stripe-webhook";
import { env } from "~/server/kernel/env.server";

/** POST /api/v1/stripe/webhook: Stripe's events, verified on the raw body. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const { ctx } = getRequestContext(context);
  const result = await handleStripeWebhook(env, ctx, request);
  return new Response(result.body, {
    status: result.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
