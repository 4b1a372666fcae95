import { createContext, type MiddlewareFunction } from "react-router";
import type { FormDefinition } from "~/lib/forms/definition";
import { GIVING_OPTION_IDS, type GivingOption } from "~/lib/forms/public-form-schemas";
import { handleFormSubmission } from "~/server/forms.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { readCachedPage, storeRenderedPage } from "~/server/kernel/page-cache.server";
import { pageSeo } from "~/server/seo.server";

type FormRouteArgs = Parameters<typeof handleFormSubmission>[0] & Parameters<typeof pageSeo>[0];

/** The loader of a form's route: the route module passes its form (app/routes.ts). */
export function formPageLoader(args: FormRouteArgs, definition: FormDefinition) {
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "forms");
  const search = new URL(args.request.url).searchParams;
  // ?way= is what /give links to (docs/product.md §2); ?option= is the older spelling.
  const option = search.get("way") ?? search.get("option");
  return {
    formId: definition.id,
    variant: search.get("variant") === "modal" ? ("modal" as const) : ("page" as const),
    option: GIVING_OPTION_IDS.includes(option as GivingOption) ? (option as GivingOption) : undefined,
    seo: pageSeo(args, definition.id, {
      title: t(`${definition.id}.title`),
      description: t(`${definition.id}.intro`),
    }),
  };
}

type FormAnswer = Awaited<ReturnType<typeof handleFormSubmission>>;
/** The answer `formPageMiddleware` already got for this post, which the action hands on. */
const formAnswerContext = createContext<FormAnswer | null>(null);

/** The action of a form's route: the page itself without JavaScript, and every embedded copy of the form. */
export function formPageAction(args: FormRouteArgs, definition: FormDefinition) {
  return args.context.get(formAnswerContext) ?? handleFormSubmission(args, definition);
}

/**
 * The middleware of a form's route (decision 033). A post without JavaScript to the form's own
 * page, from an anonymous visitor (`sentPage`, set by the Worker's entry), runs the action here,
 * whole, every time; when it went through, the answer is the form's "sent" page, which shows
 * nothing that was typed, so the isolate (and the edge) keep it like a cached page and each
 * answer gets its own nonce. Any other answer (errors with what was typed, a refusal) and every
 * other request are rendered by React Router as before, the action handing on this answer.
 */
export function formPageMiddleware(definition: FormDefinition): MiddlewareFunction<Response> {
  return async (args, next) => {
    const { sentPage, nonce } = getRequestContext(args.context);
    if (!sentPage) return next();
    const answer = await handleFormSubmission(args, definition);
    args.context.set(formAnswerContext, answer);
    const sent = answer.data.ok && (answer.init?.status ?? 200) === 200;
    if (!sent) return next();
    const kept = await readCachedPage(sentPage.key, nonce);
    if (kept) return kept;
    return storeRenderedPage(await next(), sentPage.key, { nonce, seconds: sentPage.seconds });
  };
}
