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
    const isNumber = (type: unknown) => type === 'number' || type === 'integer';
    // A number, or a nullable one (`type: [number, null]` or `anyOf: [number, null]`): a form field
    // cannot say null, only a number or nothing. A field that also takes text (an amount) stays text.
    const numeric = (field: TField): boolean => {
      if (isNumber(field.type)) return true;
      const types = Array.isArray(field.type) ? field.type : (field.anyOf ?? []).map((member) => member.type);
      return types.some(isNumber) && types.every((type) => isNumber(type) || type === 'null');
    };
    fields = Object.entries(schema.properties ?? {})
      .filter(([, field]) => numeric(field))
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
