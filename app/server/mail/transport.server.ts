import type { OutboxRow } from "./outbox.server";

/** Delivers one message or throws; the outbox records the failure and retries later. */
export type MailTransport = (message: OutboxRow, env: Env) => Promise<void>;

const logTransport: MailTransport = async (message) => {
  // Development: print the mail instead of sending it (README, Configuration).
  console.log(
    [
      `--- mail to ${message.to} (${message.template}, ${message.locale})`,
      `Subject: ${message.subject}`,
      "",
      message.text,
      "---",
    ].join("\n"),
  );
};

const httpTransport: MailTransport = async (message, env) => {
  if (!env.MAIL_API_URL) throw new Error("MAIL_API_URL is not set");
  const response = await fetch(env.MAIL_API_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(env.MAIL_API_KEY ? { Authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
    },
    body: JSON.stringify({
      from: env.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
    }),
  });
  if (!response.ok) throw new Error(`mail API answered ${response.status}`);
};

const cloudflareTransport: MailTransport = async (message, env) => {
  if (!env.EMAIL) throw new Error("the EMAIL send_email binding is not configured");
  await env.EMAIL.send({
    from: env.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
  });
};

const TRANSPORTS: Record<string, MailTransport> = {
  log: logTransport,
  http: httpTransport,
  cloudflare: cloudflareTransport,
};

export function getMailTransport(env: Env): MailTransport {
  const transport = TRANSPORTS[env.MAIL_TRANSPORT];
  if (!transport) throw new Error(`unknown MAIL_TRANSPORT "${env.MAIL_TRANSPORT}"`);
  return transport;
}
