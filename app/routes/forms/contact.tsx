import { FORMS } from "~/lib/forms/forms";
import type { Route } from "./+types/contact";
import { formPageAction, formPageLoader, formPageMiddleware } from "~/server/form-page.server";

export { default, handle, headers, meta } from "./form-page";
export const loader = (args: Route.LoaderArgs) => formPageLoader(args, FORMS.contact);
export const action = (args: Route.ActionArgs) => formPageAction(args, FORMS.contact);
export const middleware: Route.MiddlewareFunction[] = [formPageMiddleware(FORMS.contact)];
