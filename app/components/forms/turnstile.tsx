import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { TURNSTILE_FIELD } from "~/lib/forms/field-names";

const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";

/**
 * Cloudflare Turnstile's widget, shown only when the site key is configured (root loader).
 * It puts its token in the form's TURNSTILE_FIELD, which the post guard checks.
 * The script is added from here, so the nonce CSP ('strict-dynamic') lets it run.
 */
export function TurnstileWidget() {
  const siteKey = useRouteLoaderData<{ turnstileSiteKey?: string | null }>("root")?.turnstileSiteKey;
  useEffect(() => {
    if (!siteKey || document.querySelector(`script[src="${SCRIPT_URL}"]`)) return;
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    document.head.appendChild(script);
  }, [siteKey]);
  if (!siteKey) return null;
  return <div className="cf-turnstile" data-sitekey={siteKey} data-response-field-name={TURNSTILE_FIELD} />;
}
