// Mantine form validation from the shared zod schemas, so forms show exactly the server's
// messages. @mantine/form 9 no longer ships a zod resolver.
import type { z } from 'zod';

export function zodValidate<Values>(schema: z.ZodType) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
