import type { FormDefinition } from "~/lib/forms/definition";
import { GIVING_OPTION_IDS, type GivingOption } from "~/lib/forms/public-form-schemas";
import type { handleFormSubmission } from "~/server/forms.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
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
