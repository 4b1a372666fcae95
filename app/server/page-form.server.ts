import type { SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, type RouterContextProvider } from "react-router";
import type { GenericSchema, InferOutput } from "valibot";
import { getRequestContext } from "./kernel/context.server";
import { deliverOutbox } from "./mail/outbox.server";
import { guardPublicPost, readPostedForm, type PublicPostOptions } from "./kernel/post-guard.server";
import { env } from "./kernel/env.server";

/**
 * The actions of the small account-style pages share one shape: guard, parse, answer. A refused
 * or invalid post is answered here on the form (what was typed kept, a password never sent
 * back); a valid one goes back to the page with `reply` for the errors only it can find.
 */
type ReplyOptions = {
  /** Fields the answer never carries back (passwords). */
  hideFields?: string[];
};

type Reply = (options?: {
  formErrors?: string[];
  /** Errors only the server can find (a taken slug, an upload that does not exist). */
  fieldErrors?: Record<string, string[]>;
  resetForm?: boolean;
}) => SubmissionResult<string[]>;

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** For pages behind a session or a link (login, reset, verify): `readPostedForm`, then the schema. */
export function parsePostedForm<Schema extends GenericSchema>(
  context: Readonly<RouterContextProvider>,
  schema: Schema,
  { hideFields }: ReplyOptions = {},
) {
  const submission = parseWithValibot(readPostedForm(context), { schema });
  const reply: Reply = (options) => submission.reply({ ...options, hideFields });
  if (submission.status !== "success") {
    return { kind: "answered" as const, answer: data({ result: reply() }, { status: 400 }) };
  }
  return { kind: "valid" as const, value: submission.value, reply };
}

/**
 * For public pages: `guardPublicPost` (rate limit, honeypot, Turnstile), then the schema. A bot
 * comes back as `bot`, so the page can answer it as it answers a person (decision 012).
 */
export async function parsePublicPost<Schema extends GenericSchema>(
  args: ActionArgs,
  schema: Schema,
  { hideFields, ...guard }: ReplyOptions & PublicPostOptions = {},
) {
  const guarded = await guardPublicPost(args, env, guard);
  const submission = parseWithValibot(guarded.formData, { schema });
  const reply: Reply = (options) => submission.reply({ ...options, hideFields });
  if (guarded.kind === "bot") return { kind: "bot" as const, formData: guarded.formData, reply };
  if (guarded.kind === "refused") {
    return {
      kind: "answered" as const,
      answer: data(
        { result: reply({ formErrors: [guarded.message] }), sent: false as const },
        { status: guarded.status, headers: guarded.headers },
      ),
    };
  }
  if (submission.status !== "success") {
    return {
      kind: "answered" as const,
      answer: data({ result: reply(), sent: false as const }, { status: 400 }),
    };
  }
  return { kind: "valid" as const, value: submission.value, reply };
}

/**
 * The pages that mail a link or a statement: the same "sent" whether or not the address is
 * known, and for a bot, which gets no mail. `send` queues the mail and returns its outbox id(s).
 */
export async function answerMailRequest<Schema extends GenericSchema>(
  args: ActionArgs,
  schema: Schema,
  send: (value: InferOutput<Schema>, env: Env) => Promise<string | string[] | null>,
  options: PublicPostOptions = {},
) {
  const parsed = await parsePublicPost(args, schema, options);
  if (parsed.kind === "answered") return parsed.answer;
  if (parsed.kind === "valid") {
    const { ctx } = getRequestContext(args.context);
    const queued = await send(parsed.value, env);
    const ids = queued === null ? [] : [queued].flat();
    if (ids.length) ctx.waitUntil(deliverOutbox(env, { ids }));
  }
  return { result: parsed.reply({ resetForm: true }), sent: true as const };
}
