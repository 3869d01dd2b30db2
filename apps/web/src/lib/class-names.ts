/** Joins the truthy class names, so conditional Tailwind classes read as one expression. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
