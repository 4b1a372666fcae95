/** Hidden fields every form sends besides its own. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
export const LOCALE_FIELD = "locale";
/** A field people never see; a bot that fills it in gets a quiet success (decision 012). */
export const HONEYPOT_FIELD = "website";
/** Where Cloudflare Turnstile's widget puts its token. */
export const TURNSTILE_FIELD = "cf-turnstile-response";
