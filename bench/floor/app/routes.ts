import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/page.tsx", { id: "home" }),
  route("*", "routes/page.tsx"),
] satisfies RouteConfig;
