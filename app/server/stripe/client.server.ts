import Stripe from "stripe";
import { STRIPE_API_VERSION, stripeApiLocation } from "./events.server";

type StripeEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">;

/** Online giving needs the secret key; the webhook secret only matters to the webhook. */
export function isStripeConfigured(env: StripeEnv): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

/** The Stripe client for this request, or null when no key is configured. Keys come only from secrets. */
export function getStripe(env: StripeEnv): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    // Said, not left to the package's default, so a package bump cannot change it unseen.
    apiVersion: STRIPE_API_VERSION,
    // Workers have fetch, not Node's http module (docs/toolchain.md, "Stripe in workerd").
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...stripeApiLocation(env.STRIPE_API_BASE),
  });
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Verifies a webhook's signature over the raw body; throws on a bad or stale one. */
export async function verifyWebhookEvent(
  env: StripeEnv,
  rawBody: string,
  signature: string | null,
): Promise<Stripe.Event> {
  if (!env.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_WEBHOOK_SECRET is not configured");
  if (!signature) throw new Error("missing Stripe-Signature header");
  // The key is not used to verify; a placeholder client is enough when only the webhook secret is set.
  const stripe =
    getStripe(env) ??
    new Stripe("sk_unused", { apiVersion: STRIPE_API_VERSION, httpClient: Stripe.createFetchHttpClient() });
  return stripe.webhooks.constructEventAsync(
    rawBody,
    signature,
    env.STRIPE_WEBHOOK_SECRET,
    undefined,
    cryptoProvider,
  );
}
