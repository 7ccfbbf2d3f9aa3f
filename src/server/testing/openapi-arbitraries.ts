import fc from 'fast-check';

/** A JSON schema as the OpenAPI document holds it (draft 2020-12), loosely typed: it comes from JSON. */
export type JsonSchema = { [keyword: string]: unknown };

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const schemaList = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.filter(isSchema) : []);
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** Values that fit a schema, as far as the generator can tell (patterns and formats included); refs resolved in `components`. */
export function valueOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = components[ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`unknown schema ${ref}`);
    return valueOf(target, components, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
  if (choices.length > 0) return fc.oneof(...choices.map((choice) => valueOf(choice, components, depth + 1)));
  const allOf = schemaList(schema.allOf);
  if (allOf[0]) return valueOf(allOf[0], components, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueOf({ ...schema, type }, components, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: numberOr(schema.minimum, -1_000_000), max: numberOr(schema.maximum, 1_000_000) });
    case 'number':
      return fc.double({ min: numberOr(schema.minimum, -1e6), max: numberOr(schema.maximum, 1e6), noNaN: true });
    case 'string':
      return stringOf(schema);
    case 'array': {
      const items = isSchema(schema.items) ? valueOf(schema.items, components, depth + 1) : fc.string();
      const minLength = numberOr(schema.minItems, 0);
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(numberOr(schema.maxItems, 5), 5)) });
    }
    case 'object':
      return objectOf(schema, components, depth);
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  const minLength = numberOr(schema.minLength, 0);
  // Long enough to cross the limits a form sets, short enough to keep runs quick.
  const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxLength, 40), 300));
  if (typeof schema.pattern === 'string') {
    // A pattern bounds its own length ("{87}"): only the schema's own maxLength may cut it, or the filter could never pass.
    const patternMaxLength = numberOr(schema.maxLength, Number.POSITIVE_INFINITY);
    return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= patternMaxLength);
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function objectOf(schema: JsonSchema, components: Record<string, JsonSchema>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties))
    if (isSchema(property)) record[name] = valueOf(property, components, depth + 1);
  const known = fc.record(record, { requiredKeys: required.filter((name) => name in record) });
  if (!isSchema(schema.additionalProperties)) return known;
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valueOf(schema.additionalProperties, components, depth + 1), {
    maxKeys: 3,
  });
  return fc.tuple(known, extra).map(([fields, more]) => ({ ...more, ...fields }));
}

/** Values that may not fit: anything JSON, the right shape with a field dropped, changed or added. */
export function mistakeOf(schema: JsonSchema, components: Record<string, JsonSchema>): fc.Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  return fc.oneof(
    anyJson,
    fc.tuple(valueOf(schema, components), fc.string({ maxLength: 12 }), anyJson, fc.nat()).map(([value, name, other, pick]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return other;
      const fields: Record<string, unknown> = { ...value };
      const names = Object.keys(fields);
      const chosen = names[pick % Math.max(1, names.length)];
      if (pick % 3 === 0 && chosen !== undefined) delete fields[chosen];
      else if (pick % 3 === 1 && chosen !== undefined) fields[chosen] = other;
      else fields[name || 'unexpected'] = other;
      return fields;
    }),
  );
}
