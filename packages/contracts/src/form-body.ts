import { z } from 'zod';

/** A decimal number as a form field writes it. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

const cache = new WeakMap<z.ZodType, readonly string[]>();

/** The top-level fields of a body schema that take a JSON number. */
function numberFields(body: z.ZodType): readonly string[] {
  const known = cache.get(body);
  if (known) return known;
  let fields: readonly string[] = [];
  try {
    const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, { type?: unknown }>;
    };
    fields = Object.entries(schema.properties ?? {})
      .filter(([, field]) => field.type === 'number' || field.type === 'integer')
      .map(([name]) => name);
  } catch {
    fields = [];
  }
  cache.set(body, fields);
  return fields;
}

/**
 * A form body (urlencoded or multipart) carries only strings: the decimal strings of the fields
 * `body` takes as numbers become numbers, in place, before the schema validates it. A JSON body is
 * validated as sent, where `"2"` or `true` is not a number. The server does this for every form
 * body (routes/route.ts), and the web's tests check what the app sends the same way.
 */
export function formNumbers(body: z.ZodType, fields: Record<string, unknown>): void {
  for (const name of numberFields(body)) {
    const value = fields[name];
    if (typeof value === 'string' && DECIMAL.test(value.trim())) fields[name] = Number(value.trim());
  }
}
