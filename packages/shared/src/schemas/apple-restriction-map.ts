import { z } from 'zod';
import { APPLE_RESTRICTION_KEYS, type AppleRestrictionKey } from '../apple-restrictions.ts';

// Apart from the catalogue, so that a page which only names restrictions does not load zod with it.
/** appleRestrictionMap validates a restriction map: only catalogue keys, boolean values. */
export const appleRestrictionMap = z.strictObject(
  Object.fromEntries(APPLE_RESTRICTION_KEYS.map((k) => [k, z.boolean({ error: `限制项 ${k} 的值应为 true 或 false` }).optional()])) as Record<
    AppleRestrictionKey,
    z.ZodOptional<z.ZodBoolean>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `未知的系统限制项：${issue.keys.join('、')}`
        : issue.code === 'invalid_type'
          ? '系统限制应为「限制项: 布尔值」的对象'
          : undefined,
  },
);
