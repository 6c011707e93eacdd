/** `Emails[0].Address` → `Emails.0.Address`, the path form libraries (react-hook-form) use. */
export const dottedPath = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');
