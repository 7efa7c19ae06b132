import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify/types/schema.ts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Compiled answers for the hot read paths (docs/architecture.md, "Hot paths"): the success answer
 * of a route registered with `compiled: true` is written by fast-json-stringify (Fastify's own
 * serializer compiler) from a JSON Schema made of the endpoint's zod schema, instead of zod encoding
 * the answer and JSON.stringify writing the result.
 *
 * The bytes are the same as zod's for every answer the schema accepts: the schema's keys in the
 * schema's order, unknown keys left out, an optional key without a value left out, strings escaped
 * as JSON.stringify escapes them (fast-json-stringify falls back to it). What is given up is the
 * check: an answer the schema would refuse (a wrong type, a missing key) is not a 500 here but
 * written as it comes or refused by the serializer. So only answers made by one mapper whose type
 * is the schema's go this way, each with a test that both serializers write the same bytes
 * (compiled-serializer.test.ts).
 *
 * `toSerializerSchema` knows the few zod types these answers use and throws on any other
 * (transforms, defaults that fill a value, unions, records, loose objects): such a schema is not
 * compiled by mistake.
 */

type TJsonSchema = Record<string, unknown>;

interface TZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: TZodDef } })._zod.def;

/** `type` made nullable: a type list, which fast-json-stringify writes without a validator (unlike anyOf). */
function nullable(schema: TJsonSchema): TJsonSchema {
  const type = schema.type;
  if (typeof type !== 'string') throw new Error(`compiled serializer: cannot make ${JSON.stringify(schema)} nullable`);
  return { ...schema, type: [type, 'null'] };
}

/** The JSON Schema fast-json-stringify writes `schema`'s encoded output by; throws on a zod type it does not know. */
export function toSerializerSchema(schema: z.ZodType, path = '(answer)'): TJsonSchema {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      // Formats (uuid, ISO date-times) only check: the value is written as the string it is.
      return { type: 'string' };
    case 'number':
      // An integer is written the same way as a number (`'' + n`, as JSON.stringify does).
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (!values.every((v) => typeof v === 'string')) throw new Error(`compiled serializer: ${path}: non-string enum`);
      return { type: 'string' };
    }
    case 'nullable':
      return nullable(toSerializerSchema(def.innerType as z.ZodType, path));
    // Encoding does not fill a default in (the value must be there, as the inner type says).
    case 'default':
      return toSerializerSchema(def.innerType as z.ZodType, path);
    case 'array':
      return { type: 'array', items: toSerializerSchema(def.element as z.ZodType, `${path}[]`) };
    case 'object': {
      // A loose object or a catch-all would write keys the shape does not name.
      if (def.catchall !== undefined && defOf(def.catchall).type !== 'never') {
        throw new Error(`compiled serializer: ${path}: an object with a catch-all`);
      }
      const properties: Record<string, TJsonSchema> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        const optional = defOf(value).type === 'optional';
        const inner = optional ? (defOf(value).innerType as z.ZodType) : value;
        properties[key] = toSerializerSchema(inner, `${path}.${key}`);
        if (!optional) required.push(key);
      }
      return { type: 'object', properties, required, additionalProperties: false };
    }
    default:
      throw new Error(`compiled serializer: ${path}: zod type ${def.type} is not supported`);
  }
}

const fastJsonStringify = SerializerSelector()({});

/**
 * The serializer compiler of a route registered with `compiled: true`: its success answer
 * (`success`) through fast-json-stringify, its error answers through zod as on every other route.
 */
export function compiledSerializerCompiler(success: number): FastifySerializerCompiler<unknown> {
  return (route) => {
    // Fastify calls it once per status of the route's `response`, with that status's zod schema.
    const schema = route.schema as z.ZodType;
    if (Number(route.httpStatus) !== success) return zodSerializerCompiler({ ...route, schema });
    return fastJsonStringify({
      method: route.method,
      url: route.url,
      httpStatus: String(route.httpStatus),
      schema: toSerializerSchema(schema),
    });
  };
}
