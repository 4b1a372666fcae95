/**
 * Where each text of the site appears (decision 022): the copy editor shows, for a key, the page
 * that uses it and a section name (`admin:content.places.<place>`), and links to that page.
 * The longest matching prefix of "namespace:key" wins; `path` is null for text that is not on a
 * page (e-mails, titles in search results).
 */
/** The copy editor's "all sections" choice: the search runs over every namespace at once. */
export const ALL_NAMESPACES = "all";

type Place = { prefix: string; path: string | null; place: string };

const PLACES: readonly Place[] = [
  { prefix: "common:", path: "/", place: "everyPage" },
  { prefix: "common:nav", path: "/", place: "header" },
  { prefix: "common:header", path: "/", place: "header" },
  { prefix: "common:language", path: "/", place: "header" },
  { prefix: "common:theme", path: "/", place: "header" },
  { prefix: "common:footer", path: "/", place: "footer" },
  { prefix: "common:cookies", path: "/", place: "cookies" },
  { prefix: "common:notFound", path: "/not-found", place: "notFound" },
  { prefix: "gone:", path: null, place: "gone" },
  { prefix: "common:error", path: null, place: "errors" },
  { prefix: "common:forms", path: "/forms/contact", place: "formMessages" },
  { prefix: "about:about", path: "/about", place: "about" },
  { prefix: "about:mission", path: "/mission", place: "mission" },
  { prefix: "about:team", path: "/team", place: "team" },
  { prefix: "about:history", path: "/history", place: "history" },
  { prefix: "account:", path: "/account", place: "account" },
  { prefix: "account:login", path: "/login", place: "login" },
  { prefix: "account:signup", path: "/signup", place: "signup" },
  { prefix: "account:forgot", path: "/forgot-password", place: "forgot" },
  { prefix: "families:offer", path: "/account/offer", place: "account" },
  { prefix: "families:", path: "/account/children", place: "account" },
  { prefix: "admin:", path: "/admin", place: "backOffice" },
  { prefix: "gifts:", path: "/admin", place: "backOffice" },
  { prefix: "imports:", path: "/admin", place: "backOffice" },
  { prefix: "undo:", path: "/admin", place: "backOffice" },
  { prefix: "blog:", path: "/blog", place: "blog" },
  { prefix: "donate:", path: "/donate", place: "donate" },
  { prefix: "donate:thankYou", path: "/donate/thank-you", place: "thankYou" },
  { prefix: "donate:manage", path: "/donate/manage", place: "manage" },
  { prefix: "donate:statement", path: "/donate/statement", place: "statement" },
  { prefix: "email:", path: null, place: "emails" },
  { prefix: "receipts:", path: null, place: "receipts" },
  { prefix: "events:", path: "/events", place: "events" },
  { prefix: "tickets:register", path: "/events", place: "eventRegistration" },
  { prefix: "tickets:values", path: null, place: "receipts" },
  { prefix: "tickets:mail", path: null, place: "emails" },
  { prefix: "families:mail", path: null, place: "emails" },
  { prefix: "tickets:admin", path: "/admin", place: "backOffice" },
  { prefix: "families:roster", path: "/admin", place: "backOffice" },
  { prefix: "families:marks", path: "/admin", place: "backOffice" },
  { prefix: "families:sessions", path: "/admin", place: "backOffice" },
  { prefix: "families:programs", path: "/admin", place: "backOffice" },
  { prefix: "forms:", path: "/forms/contact", place: "allForms" },
  { prefix: "forms:enrollment", path: "/forms/enrollment", place: "formEnrollment" },
  { prefix: "forms:education", path: "/forms/education", place: "formEducation" },
  { prefix: "forms:athletics", path: "/forms/athletics", place: "formAthletics" },
  { prefix: "forms:mentoring", path: "/forms/mentoring", place: "formMentoring" },
  { prefix: "forms:volunteer", path: "/forms/volunteer", place: "formVolunteer" },
  { prefix: "forms:getInvolved", path: "/forms/get-involved", place: "formGetInvolved" },
  { prefix: "forms:fundraisingTeam", path: "/forms/fundraising-team", place: "formFundraisingTeam" },
  { prefix: "forms:givingInfo", path: "/forms/giving-info", place: "formGivingInfo" },
  { prefix: "forms:contact", path: "/forms/contact", place: "formContact" },
  { prefix: "forms:partner", path: "/forms/partner", place: "formPartner" },
  { prefix: "forms:newsletter", path: "/newsletter", place: "newsletter" },
  { prefix: "give:", path: "/give", place: "give" },
  { prefix: "home:", path: "/", place: "home" },
  { prefix: "home:hero", path: "/", place: "homeHero" },
  { prefix: "home:stats", path: "/", place: "homeStats" },
  { prefix: "home:programs", path: "/", place: "homePrograms" },
  { prefix: "home:testimonials", path: "/", place: "homeTestimonials" },
  { prefix: "impact:impact", path: "/impact", place: "impact" },
  { prefix: "impact:stories", path: "/stories", place: "stories" },
  { prefix: "impact:reports", path: "/reports", place: "reports" },
  { prefix: "impact:calculator", path: "/calculator", place: "calculator" },
  { prefix: "involve:", path: "/get-involved", place: "getInvolved" },
  { prefix: "involve:volunteer", path: "/volunteer", place: "volunteer" },
  { prefix: "volunteers:", path: "/volunteer", place: "volunteer" },
  { prefix: "volunteers:me", path: null, place: "volunteer" },
  { prefix: "volunteers:guardian", path: null, place: "emails" },
  { prefix: "volunteers:mail", path: null, place: "emails" },
  { prefix: "volunteers:account", path: "/account", place: "account" },
  { prefix: "volunteers:admin", path: "/admin", place: "backOffice" },
  { prefix: "involve:partner", path: "/partner", place: "partner" },
  { prefix: "involve:join", path: "/join", place: "join" },
  { prefix: "involve:jobs", path: "/join-our-team", place: "jobs" },
  { prefix: "involve:contact", path: "/contact", place: "contact" },
  { prefix: "legal:", path: "/privacy", place: "privacy" },
  { prefix: "legal:terms", path: "/terms", place: "terms" },
  { prefix: "legal:accessibility", path: "/accessibility", place: "accessibility" },
  { prefix: "meta:", path: null, place: "titles" },
  { prefix: "programs:", path: "/programs", place: "programs" },
  { prefix: "programs:education", path: "/education", place: "education" },
  { prefix: "programs:athletics", path: "/athletics", place: "athletics" },
  { prefix: "programs:mentorship", path: "/mentorship", place: "mentorship" },
  { prefix: "programs:services", path: "/services", place: "services" },
];

/** The page and section of one key; a namespace without a rule is "elsewhere on the site". */
export function copyPlace(namespace: string, key: string): { path: string | null; place: string } {
  const id = `${namespace}:${key}`;
  let best: Place | undefined;
  for (const place of PLACES) {
    const matches =
      id === place.prefix || id.startsWith(place.prefix.endsWith(":") ? place.prefix : `${place.prefix}.`);
    if (matches && (!best || place.prefix.length > best.prefix.length)) best = place;
  }
  return best ? { path: best.path, place: best.place } : { path: null, place: "elsewhere" };
}

/** Every place name, for the locale files' test. */
export const COPY_PLACE_NAMES = [...new Set([...PLACES.map((place) => place.place), "elsewhere"])];
