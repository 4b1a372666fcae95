/** Cloudflare Turnstile, checked only when both keys are configured (.dev.vars.example). */
export function turnstileEnabled(env: Pick<Env, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">): boolean {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY);
}

export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** True when Turnstile accepts the token the widget put in the form. */
export async function verifyTurnstile(
  env: Pick<Env, "TURNSTILE_SECRET_KEY">,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  if (!token || !env.TURNSTILE_SECRET_KEY) return false;
  try {
    const body = new FormData();
    body.set("secret", env.TURNSTILE_SECRET_KEY);
    body.set("response", token);
    if (remoteIp !== "local") body.set("remoteip", remoteIp);
    const response = await fetch(`${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`, { method: "POST", body });
    const result = (await response.json()) as { success?: boolean };
    return result.success === true;
  } catch {
    return false;
  }
}
