import { z } from 'zod';

/** SchemaType is the `type` of one key in Apple's YAML (docs/schema.md, "Type Values"). */
export const SchemaType = z.enum(['<string>', '<integer>', '<real>', '<boolean>', '<date>', '<data>', '<array>', '<dictionary>', '<any>']);
export type SchemaType = z.infer<typeof SchemaType>;

const version = z.union([z.string(), z.number()]).transform(String);
const mode = z.object({ mode: z.string().optional() }).optional();

/** IosSupport is the part of a key's `supportedOS.iOS` that decides whether the key applies to an iPhone. */
const IosSupport = z.object({ introduced: version.optional(), userenrollment: mode, sharedipad: mode });
const bounds = z.object({ min: z.number().optional(), max: z.number().optional() });

export interface SchemaKey {
  key: string;
  type: SchemaType;
  presence?: 'required' | 'optional';
  rangelist?: (string | number | boolean)[];
  range?: { min?: number; max?: number };
  repetition?: { min?: number; max?: number };
  format?: string;
  supportedOS?: { iOS?: z.infer<typeof IosSupport> };
  subkeys?: SchemaKey[];
}

/** SchemaKeyZ checks the YAML shape at load time, so a changed upstream format fails loudly. */
export const SchemaKeyZ: z.ZodType<SchemaKey, unknown> = z.lazy(() =>
  z.object({
    key: z.string(),
    type: SchemaType,
    presence: z.enum(['required', 'optional']).optional(),
    rangelist: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
    range: bounds.optional(),
    repetition: bounds.optional(),
    format: z.string().optional(),
    supportedOS: z.object({ iOS: IosSupport.optional() }).optional(),
    subkeys: z.array(SchemaKeyZ).optional(),
  }),
);

/** SchemaFile is one YAML file: a command, a check-in message, a profile payload or an error. */
export const SchemaFileZ = z.object({
  title: z.string(),
  payload: z.object({ requesttype: z.string().optional(), payloadtype: z.string().optional() }),
  payloadkeys: z.array(SchemaKeyZ).default([]),
  responsekeys: z.array(SchemaKeyZ).default([]),
});
export type SchemaFile = z.infer<typeof SchemaFileZ>;

/** SchemaProblem is one mismatch between a value and the schema, with a dotted path to it. */
export interface SchemaProblem {
  path: string;
  kind: 'unknown-key' | 'missing-key' | 'wrong-type' | 'not-allowed' | 'out-of-range' | 'bad-format' | 'unknown-schema';
  message: string;
}
