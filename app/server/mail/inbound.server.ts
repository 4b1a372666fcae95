import PostalMime from "postal-mime";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { submissionHistory, submissions } from "../db/schema";
import { logInfo } from "../kernel/log.server";
import { sha256Hex } from "../kernel/sha256.server";
import { checkSubjectTag, subjectTag } from "../kernel/signed-token.server";

/**
 * Answers to a staff reply (docs/decisions/052-staff-week.md). The reply goes out with Reply-To
 * `<INBOUND_EMAIL's local part>+<submission id, hex><tag>@<its domain>`, the tag an HMAC of the
 * submission id, so only someone who received the reply can file mail under that submission.
 * Cloudflare Email Routing hands mail for that address to the Worker's `email` handler.
 */
const PURPOSE = "submission-reply";
/** Larger answers are refused: nobody types that much, and an attachment is not kept. */
export const MAX_INBOUND_BYTES = 1024 * 1024;
/** The text kept in the history, like a reply's own limit. */
const MAX_TEXT = 20_000;
const HEX_ID = /^([0-9a-f]{32})([0-9a-f]{20})$/;

const hexOf = (uuid: string) => uuid.replaceAll("-", "").toLowerCase();
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

function splitAddress(address: string) {
  const at = address.lastIndexOf("@");
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

/** The Reply-To of a staff reply to this submission; null when the id is not a UUID. */
export async function replyAddressFor(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET" | "INBOUND_EMAIL">,
  submissionId: string,
): Promise<string | null> {
  const hex = hexOf(submissionId);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  const { local, domain } = splitAddress(env.INBOUND_EMAIL);
  return `${local}+${hex}${await subjectTag(env, PURPOSE, hex)}@${domain}`;
}

/** The submission an inbound address names, if its tag is right; null for any other address. */
export async function submissionForAddress(
  env: Pick<Env, "CACHE" | "LINK_SIGNING_SECRET" | "INBOUND_EMAIL">,
  address: string,
): Promise<string | null> {
  const inbox = splitAddress(env.INBOUND_EMAIL);
  const { local, domain } = splitAddress(address.trim());
  if (domain !== inbox.domain || !local.startsWith(`${inbox.local}+`)) return null;
  const match = HEX_ID.exec(local.slice(inbox.local.length + 1));
  if (!match) return null;
  const [, hex, tag] = match as unknown as [string, string, string];
  return (await checkSubjectTag(env, PURPOSE, hex, tag)) ? uuidOf(hex) : null;
}

/**
 * What the person wrote above the quoted reply: the text from the first line that starts a quote
 * ("> …", "On … wrote:", "El … escribió:", an "Original Message" rule) is left out. When nothing is
 * left (a reply written below the quote), the whole text is kept.
 */
export function newText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const quoteStart = lines.findIndex(
    (line) =>
      /^\s*>/.test(line) ||
      /^\s*(On|El)\s.+(wrote|escribió)\s*:\s*$/i.test(line) ||
      /^\s*-{2,}\s*(Original Message|Mensaje original)\s*-{2,}/i.test(line),
  );
  const kept = (quoteStart === -1 ? lines : lines.slice(0, quoteStart)).join("\n").trim();
  return (kept || text.trim()).slice(0, MAX_TEXT);
}

/**
 * Plain text of an HTML-only message, for the history, where React shows it as text: markup is
 * dropped, never rendered, and script and style contents go with their elements.
 */
function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<blockquote\b[\s\S]*?<\/blockquote\s*>/gi, "")
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n");
}

type InboundMessage = Pick<ForwardableEmailMessage, "to" | "raw" | "rawSize" | "setReject">;

/**
 * The Worker's `email` handler: an answer to a staff reply becomes a "received" line in its
 * submission's history. Mail to any other address, with a wrong tag or for a submission that no
 * longer exists is refused (a permanent SMTP error for the sender), as is one over
 * MAX_INBOUND_BYTES. Automatic answers (out of office, RFC 3834) are dropped without a bounce.
 * The same message delivered twice is one line (its id comes from the Message-ID).
 */
export async function receiveReplyMail(
  message: InboundMessage,
  env: Pick<Env, "DB" | "CACHE" | "LINK_SIGNING_SECRET" | "INBOUND_EMAIL">,
): Promise<"filed" | "refused" | "dropped"> {
  const submissionId = await submissionForAddress(env, message.to);
  if (!submissionId) {
    message.setReject("Unknown address");
    return "refused";
  }
  if (message.rawSize > MAX_INBOUND_BYTES) {
    message.setReject("Message too large");
    return "refused";
  }
  const db = getDb(env);
  const [submission] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .limit(1);
  if (!submission) {
    message.setReject("Unknown address");
    return "refused";
  }
  const email = await PostalMime.parse(message.raw, { maxNestingDepth: 20, maxHeadersSize: 64 * 1024 });
  const automatic = email.headers.some(
    (header) => header.key === "auto-submitted" && header.value.trim().toLowerCase() !== "no",
  );
  if (automatic) {
    logInfo("inbound mail dropped: automatic answer", { submissionId });
    return "dropped";
  }
  const body = newText(email.text ?? textOfHtml(email.html ?? ""));
  const sender = email.from?.address ?? "";
  const now = new Date().toISOString();
  const messageKey = email.messageId ?? `${sender}\n${email.date ?? ""}\n${body}`;
  await db.batch([
    db
      .insert(submissionHistory)
      .values({
        id: `mail:${(await sha256Hex(`${submissionId}\n${messageKey}`)).slice(0, 32)}`,
        submissionId,
        kind: "received",
        body,
        subject: (email.subject ?? "").slice(0, 200),
        userId: null,
        // The sender as the message names them; the history shows it as written.
        userName: (email.from?.name ? `${email.from.name} <${sender}>` : sender).slice(0, 320),
        createdAt: now,
      })
      .onConflictDoNothing(),
    db.update(submissions).set({ updatedAt: now }).where(eq(submissions.id, submissionId)),
  ]);
  logInfo("inbound mail filed", { submissionId });
  return "filed";
}
