import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { createOperator, oneTimePassword } from '../modules/ops/create-operator.ts';
import { operator } from '../modules/ops/ops.table.ts';

export const DEMO_OPERATOR_PHONE = '13900000000';

/**
 * ensureDemoOperator gives `npm start`'s demo an operator for /ops/login, as ensureDemoStore gives it a store
 * admin. Its password is kept in DATA_DIR (printed at every start) and needs no change; the first sign-in
 * still enrols TOTP by QR code, as for any operator. A real deployment creates operators with `npm run ops`.
 */
export async function ensureDemoOperator(db: Db, config: Config): Promise<{ phone: string; password: string }> {
  const file = path.join(config.dataDir, 'demo-operator.json');
  const saved: { phone?: string; password?: string } = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const phone = DEMO_OPERATOR_PHONE;
  const [existing] = await db.select({ id: operator.id }).from(operator).where(eq(operator.phone, phone));
  let password = saved.password ?? oneTimePassword();
  if (!existing) {
    await createOperator(db, { phone, name: '演示运营', password, mustChangePassword: false, by: '演示启动' });
  } else if (!saved.password) {
    password = oneTimePassword();
    await db
      .update(operator)
      .set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date(), disabled: false })
      .where(eq(operator.id, existing.id));
  }
  fs.writeFileSync(file, JSON.stringify({ phone, password }, null, 2), { mode: 0o600 });
  return { phone, password };
}
