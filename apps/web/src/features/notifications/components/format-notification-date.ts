const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** The date under each item, e.g. "Nov 22, 2025", in the reader's time zone. */
export function formatNotificationDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
