/** Text for HTML content or a quoted attribute: the five significant characters become references. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
