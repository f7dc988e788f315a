import type { HostOperations } from '../host-operations.js';

type Validate = ((value: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null;
};

/**
 * SO-03: `json-schema/validate` with Ajv (and its formats), loaded on the first check only; each
 * schema is compiled once (draft 2020-12 and 2019-09 by their `$schema`, else draft-07). A schema
 * Ajv cannot compile fails the operation, so the bridge says it could not check.
 */
export function createJsonSchemaValidator(): Pick<HostOperations, 'json-schema/validate'> {
  const compiled = new Map<string, Promise<Validate>>();
  const compile = async (schema: Readonly<Record<string, unknown>>): Promise<Validate> => {
    const draft = String(schema.$schema ?? '');
    const [{ default: formats }, module] = await Promise.all([
      import('ajv-formats'),
      draft.includes('2020-12')
        ? import('ajv/dist/2020.js')
        : draft.includes('2019-09')
          ? import('ajv/dist/2019.js')
          : import('ajv'),
    ]);
    const ajv = new module.default.default({ allErrors: true, strict: false });
    formats.default(ajv);
    return ajv.compile(schema) as Validate;
  };
  return {
    'json-schema/validate': async ({ schema, value }) => {
      const key = JSON.stringify(schema);
      let validate = compiled.get(key);
      if (validate === undefined) {
        validate = compile(schema);
        compiled.set(key, validate);
      }
      const check = await validate;
      if (check(value)) return { errors: [] };
      return {
        errors: (check.errors ?? []).map(
          (error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`,
        ),
      };
    },
  };
}
