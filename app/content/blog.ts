/** Blog posts (docs/product.md §3); title, excerpt and body in locales/{en,es}/blog.json under `posts.<slug>`. */
export const BLOG_POSTS = [
  { slug: "first-year-lessons", date: "2026-09-15", author: "director", category: "news" },
  { slug: "homework-routine-tips", date: "2026-05-04", author: "education", category: "families" },
  { slug: "why-we-mentor", date: "2026-01-20", author: "mentoring", category: "mentoring" },
] as const;

type BlogPost = (typeof BLOG_POSTS)[number];

export function findPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
