/** Typed records of the home page (docs/product.md §2, §3); their words live in locales/{en,es}/home.json. */
type HeroSlide = { id: "athletics" | "education" | "mentorship" | "community"; image: string };

export const HERO_SLIDES: HeroSlide[] = [
  { id: "athletics", image: "/images/hero-athletics.svg" },
  { id: "education", image: "/images/hero-education.svg" },
  { id: "mentorship", image: "/images/hero-mentorship.svg" },
  { id: "community", image: "/images/hero-community.svg" },
];
/** Every illustration in public/images is drawn at this size. */
export const ILLUSTRATION = { width: 600, height: 400 } as const;

export const HERO_BLURBS = ["taxExempt", "community", "results"] as const;

/** The three program blocks; "Learn More" goes to the lowercase program title as a path. */
export const HOME_PROGRAMS = [
  { id: "education", path: "/education", image: "/images/hero-education.svg" },
  { id: "athletics", path: "/athletics", image: "/images/hero-athletics.svg" },
  { id: "mentorship", path: "/mentorship", image: "/images/hero-mentorship.svg" },
] as const;

export const TESTIMONIALS = ["parent", "mentor", "leader"] as const;
