/** Hidden fields every form sends besides its own. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";
export const LOCALE_FIELD = "locale";
