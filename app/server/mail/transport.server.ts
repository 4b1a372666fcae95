import { isLoopbackSite } from "../kernel/local-run.server";
import type { QueuedEmail } from "./message.server";

/**
 * Delivers one message or throws; the outbox records the failure and retries later.
 * `signal` ends a provider that does not answer in time (decision 016).
 */
type MailTransport = (message: QueuedEmail, env: Env, signal: AbortSignal) => Promise<void>;

const logTransport: MailTransport = async (message) => {
  // Development: print the mail instead of sending it (README, Configuration).
  console.log(
    [
      `--- mail to ${message.to} (${message.template}, ${message.locale})`,
      `Subject: ${message.subject}`,
      ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
      ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      "",
      message.text,
      "---",
    ].join("\n"),
  );
};

const httpTransport: MailTransport = async (message, env, signal) => {
  if (!env.MAIL_API_URL) throw new Error("MAIL_API_URL is not set");
  const response = await fetch(env.MAIL_API_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      // The provider drops a repeat of a message it already took (decision 016).
      "Idempotency-Key": message.id,
      ...(env.MAIL_API_KEY ? { Authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
    },
    body: JSON.stringify({
      from: env.MAIL_FROM,
      to: message.to,
      reply_to: message.replyTo ?? undefined,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      headers: message.headers ?? undefined,
    }),
    signal,
  });
  if (!response.ok) throw new Error(`mail API answered ${response.status}`);
};

const cloudflareTransport: MailTransport = async (message, env, signal) => {
  if (!env.EMAIL) throw new Error("the EMAIL send_email binding is not configured");
  const sending = env.EMAIL.send({
    from: env.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    replyTo: message.replyTo ?? undefined,
    headers: message.headers ?? undefined,
  });
  // The binding takes no signal; the timeout still frees the sender (the lease covers the rest).
  await new Promise<void>((resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    sending.then(() => resolve(), reject);
  });
};

const TRANSPORTS: Record<string, MailTransport> = {
  log: logTransport,
  http: httpTransport,
  cloudflare: cloudflareTransport,
};

/**
 * Why the outbox must hold its mail rather than send it, or null. The "log" transport only prints,
 * so on a site that is not a local run it would mark every mail sent while nobody receives it: the
 * mail stays queued, attempts untouched, until a real transport is set (docs/architecture.md, Outbox).
 */
export function mailHeldReason(
  env: Pick<Env, "MAIL_TRANSPORT" | "SITE_URL">,
): "logTransportOnPublicSite" | null {
  return env.MAIL_TRANSPORT === "log" && !isLoopbackSite(env.SITE_URL) ? "logTransportOnPublicSite" : null;
}

export function getMailTransport(env: Env): MailTransport {
  const transport = TRANSPORTS[env.MAIL_TRANSPORT];
  if (!transport) throw new Error(`unknown MAIL_TRANSPORT "${env.MAIL_TRANSPORT}"`);
  return transport;
}
