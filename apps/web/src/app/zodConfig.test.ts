import { describe, expect, it } from 'vitest';
import './zodConfig.ts';

describe('zodConfig', () => {
  it("turns zod's jitless option on, as z.config reads it", async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
