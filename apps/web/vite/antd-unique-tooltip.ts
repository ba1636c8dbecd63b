import type { Plugin } from 'vite';

const CONFIG_PROVIDER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;
const IMPORT = "import UniqueProvider from '../tooltip/UniqueProvider';";

/**
 * antdWithoutUniqueTooltip drops the import of antd's shared-tooltip provider from ConfigProvider, which renders it
 * only under `tooltip: { unique: true }`: the import alone put rc-trigger (~10 KB brotli) in antd-core and so in every
 * signed-in page's first load, while the console frame draws no popup. AntdScope never sets `tooltip.unique`; the
 * stand-in throws if something ever does, instead of quietly not sharing. Tooltips themselves are untouched.
 */
export function antdWithoutUniqueTooltip(): Plugin {
  return {
    name: 'lease:antd-without-unique-tooltip',
    enforce: 'pre',
    transform(code, id) {
      if (!CONFIG_PROVIDER.test(id)) return;
      if (!code.includes(IMPORT)) throw new Error(`antd's ConfigProvider no longer has "${IMPORT}": check vite/antd-unique-tooltip.ts`);
      return code.replace(IMPORT, "const UniqueProvider = () => { throw new Error('tooltip.unique is not built in: see vite/antd-unique-tooltip.ts'); };");
    },
  };
}
