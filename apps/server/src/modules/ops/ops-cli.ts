/**
 * The operator command line: `npm run ops -- create-operator --phone 13900000000 --name 张三`.
 * Operators are never created over HTTP; whoever can run this on the server may create them. On the
 * embedded database (PGlite) it needs the server stopped, and says so when the database is in use.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PHONE_RE } from '@lease/shared';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { DatabaseInUseError, lockPglite } from '../../db/pglite-lock.ts';
import { CreateOperatorError, createOperator } from './create-operator.ts';
import { createOpsAudit } from './ops-audit.ts';
import { operator, operatorSession } from './ops.table.ts';

const USAGE = `用法：
  npm run ops -- create-operator --phone <手机号> --name <姓名>
      创建运营账号，打印一次性密码；首次登录 /ops/login 时须修改密码并绑定动态验证码（TOTP）。
  npm run ops -- reset-totp --phone <手机号>
      运营人员丢失了动态验证码手机时：清除其绑定并结束其所有会话，下次登录重新绑定。

内嵌数据库（PGlite）须在服务器停止时运行；使用 PostgreSQL（DATABASE_URL）时可随时运行。`;

function fail(message: string, code = 1): never {
  console.error(`\n  ${message}\n`);
  process.exit(code);
}

async function open(): Promise<{ database: Database; release: () => void }> {
  const config = loadConfig();
  if (config.databaseUrl) return { database: await openDatabase({ kind: 'postgres', url: config.databaseUrl }), release: () => {} };
  let release: () => void;
  try {
    release = lockPglite(config.dataDir, 'ops-cli');
  } catch (err) {
    if (err instanceof DatabaseInUseError) {
      fail(
        `内嵌数据库（${path.join(config.dataDir, 'pglite')}）正在被${err.holder === 'server' ? '运行中的服务器' : '另一个命令'}使用（进程 ${err.pid}）。\n` +
          '  内嵌数据库同一时间只能由一个进程打开：请先停止服务器（Ctrl+C），再运行此命令，然后重新启动服务器。\n' +
          '  使用 PostgreSQL（设置 DATABASE_URL）时可在服务器运行期间创建运营账号。',
        2,
      );
    }
    throw err;
  }
  return { database: await openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') }), release };
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const { values } = parseArgs({ args: rest, options: { phone: { type: 'string' }, name: { type: 'string' } }, strict: true });
  if (command === 'create-operator') {
    if (!values.phone || !values.name) fail(`缺少 --phone 或 --name\n\n${USAGE}`);
    // Checked before the database is opened (and created): a typo should not leave an empty data folder.
    if (!PHONE_RE.test(values.phone.trim())) fail('手机号格式不正确（11 位，以 1 开头）');
    const { database, release } = await open();
    try {
      const { password } = await createOperator(database.db, { phone: values.phone, name: values.name });
      console.log(
        [
          '',
          '  运营账号已创建',
          `  手机号：${values.phone}`,
          `  姓名：${values.name}`,
          `  一次性密码：${password}`,
          '',
          '  请在 /ops/login 登录：首次登录须修改密码，并用手机验证器（如 Google Authenticator、微信小程序“腾讯身份验证器”）扫码绑定动态验证码。',
          '  一次性密码只显示这一次。',
          '',
        ].join('\n'),
      );
    } catch (err) {
      if (err instanceof CreateOperatorError) fail(err.message);
      throw err;
    } finally {
      await database.close();
      release();
    }
    return;
  }
  if (command === 'reset-totp') {
    if (!values.phone) fail(`缺少 --phone\n\n${USAGE}`);
    const { database, release } = await open();
    try {
      const { db } = database;
      const [o] = await db.select().from(operator).where(eq(operator.phone, values.phone));
      if (!o) fail(`没有手机号为 ${values.phone} 的运营账号`);
      await db.transaction(async (tx) => {
        await tx.update(operator).set({ totpSecretSealed: null, totpPendingSealed: null }).where(eq(operator.id, o.id));
        await tx.update(operatorSession).set({ revokedAt: new Date(), revokeReason: 'totp-reset' }).where(eq(operatorSession.operatorId, o.id));
        await createOpsAudit(db).write(
          {
            operatorId: null,
            operatorName: '命令行',
            action: 'operator.totp',
            targetType: 'operator',
            targetId: o.id,
            before: { totp_enrolled: Boolean(o.totpSecretSealed) },
            after: { totp_enrolled: false },
          },
          tx,
        );
      });
      console.log(`\n  已清除 ${o.name}（${o.phone}）的动态验证码绑定并结束其所有会话；下次登录时重新扫码绑定。\n`);
    } finally {
      await database.close();
      release();
    }
    return;
  }
  fail(`未知命令：${command}\n\n${USAGE}`);
}

await main();
