import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { FieldSpec } from "~/lib/forms/definition";
import { HONEYPOT_FIELD, TURNSTILE_FIELD } from "~/lib/forms/field-names";
import { FORMS, volunteerModalFields, volunteerPageFields } from "~/lib/forms/forms";
import {
  clientAddress,
  hitRateLimit,
  RATE_LIMITS,
  type RateLimitRule,
  type RateLimitVerdict,
} from "./rate-limit.server";
import { pagePathname } from "./page-path.server";
import { turnstileEnabled, verifyTurnstile } from "./turnstile.server";

/**
 * The one guard every post passes (decision 012). The root middleware reads the raw body
 * under these limits before anything parses it into values; an action reads the checked
 * form with `readPostedForm`, and the public forms add the rate limit, honeypot and
 * Turnstile with `guardPublicPost`.
 */
const POST_LIMITS = {
  /** The longest real form (mentoring: four 1,000-character answers) is under 45 KB even in CJK. */
  formBytes: 64 * 1024,
  /** /api/ routes read their own bodies (the Stripe webhook's events are a few KB). */
  apiBytes: 1024 * 1024,
  /** The biggest form posts about twenty fields. */
  fields: 60,
  /** Field names are identifiers like `previousExperience`; none uses brackets or dots. */
  nameLength: 40,
  /** A staff upload post (decision 021): its few text fields, beside the largest file its page takes. */
  uploadFieldsBytes: 64 * 1024,
  /** An upload form's fields: the file, alt text in two languages, a record's words and ids. */
  uploadFields: 16,
} as const;

/**
 * The one exception to "no files" (decision 021): multipart posts to the admin's upload page, to
 * one upload's page (its replacement, decision 059) and to the imports page's CSV (decision 069),
 * with at most one file. Their body is read by the page's action (`readPostedUpload`), after the
 * admin layout's middleware has admitted staff, so anyone else is refused unread. The report and
 * team editors pick an upload by its key, so their posts stay plain forms.
 */
const UPLOAD_PATH = /^\/admin\/(?:files(?:\/[^/]+)?|imports)$/;

/** Conform's list syntax (`a[0]`, `a.b`) and control fields (`__state__`) are never posted by a real form. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** A checkbox group may repeat its name once per option; every other field is sent once. */
function checkboxGroups(fields: readonly FieldSpec[]): ReadonlyMap<string, number> {
  return new Map(
    fields.flatMap((field) =>
      field.kind === "checkboxes" ? [[field.name, field.options?.length ?? 1] as const] : [],
    ),
  );
}

const REPEATABLE_BY_PATH: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  Object.values(FORMS).map((form) => [
    form.path,
    checkboxGroups(form.id === "volunteer" ? [...volunteerModalFields, ...volunteerPageFields] : form.fields),
  ]),
);
const NOTHING_REPEATS: ReadonlyMap<string, number> = new Map();

/**
 * Pages whose action answers a refused body on the form itself (with what was typed, within
 * the limits) through `guardPublicPost`; every other page answers with the error page.
 */
const PUBLIC_FORM_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(FORMS).map((form) => form.path),
  "/newsletter",
  "/donate/manage",
  "/donate/statement",
  "/signup",
  "/forgot-password",
]);

type PostedForm =
  | { kind: "accepted"; formData: FormData }
  /** A multipart post to an upload page, left for its action to read (`readPostedUpload`). */
  | { kind: "upload" }
  | { kind: "refused"; status: 400 | 413; reason: "tooLarge" | "malformed"; formData: FormData };

const postedFormContext = createContext<PostedForm | null>(null);

/** The body, or null as soon as it passes `maxBytes` (Content-Length first, then while streaming). */
async function readCapped(
  request: Pick<Request, "headers" | "body">,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The first `POST_LIMITS.fields + 1` entries of a form body, or null when it is not a form. */
async function entriesOf(
  request: Request,
  body: Uint8Array<ArrayBuffer>,
): Promise<[string, FormDataEntryValue][] | null> {
  // A bare POST (a logout button's fetch, for one) is an empty form, not a malformed one.
  if (body.byteLength === 0) return [];
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded") {
    // Split with a limit, so 100,000 repeats cost no more than the limit.
    const pairs = new TextDecoder().decode(body).split("&", POST_LIMITS.fields + 1);
    return [...new URLSearchParams(pairs.join("&"))];
  }
  if (mediaType === "multipart/form-data") {
    try {
      const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
      return [...form].slice(0, POST_LIMITS.fields + 1);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Checks a page's form body: size, field count, name shape, repeats, no files. A refused body
 * keeps its well-shaped fields (first value each), so a real form can show what was typed.
 */
async function readFormBody(request: Request, repeatable: ReadonlyMap<string, number>): Promise<PostedForm> {
  const body = await readCapped(request, POST_LIMITS.formBytes);
  if (!body) return { kind: "refused", status: 413, reason: "tooLarge", formData: new FormData() };
  const entries = await entriesOf(request, body);
  const kept = new FormData();
  let wellFormed = entries !== null && entries.length <= POST_LIMITS.fields;
  const counts = new Map<string, number>();
  for (const [name, value] of (entries ?? []).slice(0, POST_LIMITS.fields)) {
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    const fits =
      name.length <= POST_LIMITS.nameLength &&
      FIELD_NAME.test(name) &&
      typeof value === "string" &&
      count <= (repeatable.get(name) ?? 1);
    if (fits) kept.append(name, value);
    else wellFormed = false;
  }
  return wellFormed
    ? { kind: "accepted", formData: kept }
    : { kind: "refused", status: 400, reason: "malformed", formData: kept };
}

const isMultipart = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data";

type PostedUpload =
  { ok: true; formData: FormData } | { ok: false; reason: "tooLarge" | "malformed"; formData: FormData };

/**
 * A staff upload post (decision 021): the body under the largest file plus `uploadFieldsBytes`, at
 * most `uploadFields` entries with well-shaped names each sent once, and at most one of them a file.
 */
async function readUploadBody(request: Request, maxFileBytes: number): Promise<PostedUpload> {
  const body = await readCapped(request, maxFileBytes + POST_LIMITS.uploadFieldsBytes);
  if (!body) return { ok: false, reason: "tooLarge", formData: new FormData() };
  const entries = await entriesOf(request, body);
  const kept = new FormData();
  let wellFormed = entries !== null && entries.length <= POST_LIMITS.uploadFields;
  let files = 0;
  for (const [name, value] of (entries ?? []).slice(0, POST_LIMITS.uploadFields)) {
    if (typeof value !== "string") files += 1;
    const fits =
      name.length <= POST_LIMITS.nameLength && FIELD_NAME.test(name) && !kept.has(name) && files <= 1;
    if (!fits) wellFormed = false;
    // What was typed is kept for the form; a refused post keeps no file.
    else if (typeof value === "string") kept.append(name, value);
    else kept.append(name, value, value.name);
  }
  return wellFormed
    ? { ok: true, formData: kept }
    : { ok: false, reason: "malformed", formData: stringsOnly(kept) };
}

function stringsOnly(form: FormData): FormData {
  const strings = new FormData();
  for (const [name, value] of form) if (typeof value === "string") strings.append(name, value);
  return strings;
}

/**
 * Root middleware: every post to a page is read here, once, under POST_LIMITS, and only
 * POST reaches an action (405 otherwise). /api/ routes (the Stripe webhook, the auth API)
 * read their own bodies, so they only get the size cap, measured on a copy.
 */
export const postGuardMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") return next();
  // With JavaScript, React Router posts to `<path>.data`.
  const pathname = pagePathname(request);
  if (pathname.startsWith("/api/")) {
    if (!(await readCapped(request.clone(), POST_LIMITS.apiBytes))) throw data(null, { status: 413 });
    return next();
  }
  if (method !== "POST") throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  if (UPLOAD_PATH.test(pathname) && isMultipart(request)) {
    context.set(postedFormContext, { kind: "upload" });
    return next();
  }
  const posted = await readFormBody(request, REPEATABLE_BY_PATH.get(pathname) ?? NOTHING_REPEATS);
  if (posted.kind === "refused" && !PUBLIC_FORM_PATHS.has(pathname)) {
    throw data(null, { status: posted.status });
  }
  context.set(postedFormContext, posted);
  return next();
};

/** The checked form of this post: the one way an action reads its body. */
export function readPostedForm(context: Readonly<RouterContextProvider>): FormData {
  const posted = context.get(postedFormContext);
  if (posted?.kind !== "accepted")
    throw data(null, { status: posted?.kind === "refused" ? posted.status : 400 });
  return posted.formData;
}

/** The form of this request when it is a post that was read, else null: what a page answering a post was sent. */
export function postedFormOrNull(context: Readonly<RouterContextProvider>): FormData | null {
  const posted = context.get(postedFormContext);
  return posted && posted.kind !== "upload" ? posted.formData : null;
}

/**
 * An upload page's post (decision 021), read once its page has admitted staff: its form, with at
 * most one `File` of at most `maxFileBytes`, or why it was refused, with the typed words kept, so
 * the page answers on the form itself.
 */
export async function readPostedUpload(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  maxFileBytes: number,
): Promise<PostedUpload> {
  const posted = context.get(postedFormContext);
  if (posted?.kind !== "upload") return { ok: false, reason: "malformed", formData: new FormData() };
  return readUploadBody(request, maxFileBytes);
}

/** Translation keys of the guard's answers; a page may say its own words for one of them. */
const GUARD_MESSAGES = {
  tooLarge: "common:forms.postTooLarge",
  malformed: "common:forms.postMalformed",
  rateLimited: "common:forms.rateLimited",
  turnstile: "common:forms.turnstile",
} as const;
type GuardRefusal = keyof typeof GUARD_MESSAGES;

type PublicPostCheck =
  | { kind: "continue" }
  /** A filled honeypot: the caller answers as if the post worked, and does nothing. */
  | { kind: "bot" }
  | { kind: "refused"; status: number; reason: GuardRefusal; message: string; headers: HeadersInit };

export type PublicPostOptions = {
  /**
   * One allowance per visitor across every public form and the newsletter (decision 012), or
   * a limit of its own that counts the hit itself (Checkout: `hitCheckoutLimits`, decision 024).
   */
  rateLimit?: { scope: string; rule: RateLimitRule } | { hit: () => Promise<RateLimitVerdict> };
  messages?: Partial<Record<GuardRefusal, string>>;
};

const refusal = (
  status: number,
  reason: GuardRefusal,
  options: PublicPostOptions,
  headers: HeadersInit = {},
) => ({
  kind: "refused" as const,
  status,
  reason,
  message: options.messages?.[reason] ?? GUARD_MESSAGES[reason],
  headers,
});

/**
 * The rate limit, then the honeypot, then Turnstile (when both keys are set), on a form the
 * middleware already checked. Kept apart from the request context so /donate's action can
 * run it at the payment step only.
 */
export async function checkPublicPost(
  env: Env,
  request: Request,
  formData: FormData,
  options: PublicPostOptions = {},
): Promise<PublicPostCheck> {
  const rateLimit = options.rateLimit ?? { scope: "forms", rule: RATE_LIMITS.forms };
  const limit =
    "hit" in rateLimit
      ? await rateLimit.hit()
      : await hitRateLimit(env, rateLimit.scope, request, rateLimit.rule);
  if (!limit.allowed) {
    return refusal(429, "rateLimited", options, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { kind: "bot" };
  if (turnstileEnabled(env)) {
    const token = formData.get(TURNSTILE_FIELD);
    const passed = await verifyTurnstile(env, typeof token === "string" ? token : "", clientAddress(request));
    if (!passed) return refusal(400, "turnstile", options);
  }
  return { kind: "continue" };
}

type GuardedPublicPost = { formData: FormData } & PublicPostCheck;

/**
 * Every public form's first step: the middleware's verdict on the body (a refused body is
 * answered on the form, with the well-shaped fields kept), then `checkPublicPost`. The rate
 * limit answers before the caller parses anything into values.
 */
export async function guardPublicPost(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  env: Env,
  options: PublicPostOptions = {},
): Promise<GuardedPublicPost> {
  const posted = context.get(postedFormContext);
  if (posted?.kind !== "accepted") {
    const refused =
      posted?.kind === "refused"
        ? posted
        : ({ status: 400, reason: "malformed", formData: new FormData() } as const);
    return { formData: refused.formData, ...refusal(refused.status, refused.reason, options) };
  }
  return { formData: posted.formData, ...(await checkPublicPost(env, request, posted.formData, options)) };
}
