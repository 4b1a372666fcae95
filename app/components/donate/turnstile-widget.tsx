import { useNonce } from "~/components/layout/nonce";

/**
 * Cloudflare Turnstile, rendered only when TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set.
 * The widget adds a `cf-turnstile-response` field that the action verifies.
 */
export function TurnstileWidget({ siteKey }: { siteKey: string }) {
  const nonce = useNonce();
  return (
    <>
      <div className="cf-turnstile" data-sitekey={siteKey} />
      <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer nonce={nonce} />
    </>
  );
}
