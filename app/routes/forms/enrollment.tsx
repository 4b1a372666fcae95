import { FORMS } from "~/lib/forms/forms";
import type { Route } from "./+types/enrollment";
import { formPageAction, formPageLoader, formPageMiddleware } from "~/server/form-page.server";

export { default, handle, headers, meta } from "./form-page";
export const loader = (args: Route.LoaderArgs) => formPageLoader(args, FORMS.enrollment);
export const action = (args: Route.ActionArgs) => formPageAction(args, FORMS.enrollment);
export const middleware: Route.MiddlewareFunction[] = [formPageMiddleware(FORMS.enrollment)];
