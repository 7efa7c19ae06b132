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
    type TField = { type?: unknown; anyOf?: TField[] };
    const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, TField>;
    };
    const numeric = (field: TField): boolean =>
      field.type === 'number' ||
      field.type === 'integer' ||
      (Array.isArray(field.type) && field.type.some((type) => numeric({ type })));
    // A nullable number is `type: [number, null]` or `anyOf: [number, null]`; a form field cannot say
    // null, only a number or nothing.
    fields = Object.entries(schema.properties ?? {})
      .filter(([, field]) => numeric(field) || (field.anyOf ?? []).some(numeric))
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
