/* eslint-disable @typescript-eslint/no-empty-object-type -- these merge into the generated Env interfaces. */
// Secrets and optional bindings: never in wrangler.toml, so `wrangler types` cannot see them.
// Locally they come from .dev.vars (see .dev.vars.example); in production from `wrangler secret put`.
interface Env extends OptionalSecrets {}
declare namespace Cloudflare {
  interface Env extends OptionalSecrets {}
}

interface OptionalSecrets {
  /**
   * HTTP mail API (MAIL_TRANSPORT = "http"): a JSON POST of
   * { from, to, reply_to, subject, text, html, headers } with an Idempotency-Key header.
   */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** Cloudflare Email Service binding (MAIL_TRANSPORT = "cloudflare"), declared under [[send_email]]. */
  EMAIL?: {
    send(message: {
      from: string;
      to: string;
      subject: string;
      text: string;
      html?: string;
      replyTo?: string;
      headers?: Record<string, string>;
    }): Promise<unknown>;
  };
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /**
   * Where the Stripe API lives, e.g. "http://127.0.0.1:12193" for the local Stripe-compatible
   * server of the tests. Absent in production: the SDK's default (https://api.stripe.com).
   */
  STRIPE_API_BASE?: string;
  /** Turnstile spam check on public forms, used only when both keys are set. */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Signs links sent by e-mail (newsletter confirmation, donor self-service). */
  LINK_SIGNING_SECRET?: string;
  /**
   * AES-GCM keys for children's health records, "id:base64-of-32-bytes" separated by commas; the
   * first encrypts, all decrypt (app/server/families/child-data.server.ts, decision 054).
   */
  CHILD_DATA_KEYS?: string;
}
