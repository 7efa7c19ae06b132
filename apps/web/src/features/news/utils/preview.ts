import { NEWS_SUMMARY_PREVIEW_LENGTH } from '@meridian/contracts/news';

/** A summary cut to the spec's preview length (150 characters) at a word boundary, with an ellipsis. */
export function previewOf(text: string, max = NEWS_SUMMARY_PREVIEW_LENGTH): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
