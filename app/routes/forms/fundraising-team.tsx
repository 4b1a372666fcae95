import { FORMS } from "~/lib/forms/forms";
import type { Route } from "./+types/fundraising-team";
import { formPageAction, formPageLoader, formPageMiddleware } from "~/server/form-page.server";

export { default, handle, headers, meta } from "./form-page";
export const loader = (args: Route.LoaderArgs) => formPageLoader(args, FORMS.fundraisingTeam);
export const action = (args: Route.ActionArgs) => formPageAction(args, FORMS.fundraisingTeam);
export const middleware: Route.MiddlewareFunction[] = [formPageMiddleware(FORMS.fundraisingTeam)];
