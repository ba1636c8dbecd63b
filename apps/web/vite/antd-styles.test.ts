import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { GLOBAL, splitAntdStyles, styleOwners } from './antd-styles.ts';

describe('splitAntdStyles', () => {
  const css = [
    '.css-var-r0{--ant-color-primary:#0958d9;}',
    '.ant-btn{color:red;}',
    '@keyframes antTableSpin{to{transform:rotate(1turn);}}',
    '.ant-table-wrapper .ant-btn{margin:0;}',
    '@media (max-width:575px){.ant-col-xs-1{display:block;}.ant-btn{x:y;}}',
    '.ant-input-number-handler{width:1px;}',
    '.anticon{display:inline-flex;}',
    '.ant-btn-primary{color:blue;}',
    '.ant-input{color:green;}',
    '.ant-fade-enter{opacity:0;}',
  ];

  it("gives each rule to its first antd class's component, the longest prefix that fits, each part in order", () => {
    const parts = splitAntdStyles(css.join(''), ['btn', 'col', 'input', 'input-number', 'table']);
    expect(parts.get('btn')).toBe(css[1] + css[7]);
    // A rule goes by its selector's first antd class; an @media by its first rule's.
    expect(parts.get('table')).toBe(css[3]);
    expect(parts.get('col')).toBe(css[4]);
    expect(parts.get('input-number')).toBe(css[5]);
    expect(parts.get('input')).toBe(css[8]);
    // Theme variables, keyframes, icons and motions belong to no component.
    expect(parts.get(GLOBAL)).toBe(css[0] + css[2] + css[6] + css[9]);
  });
});

describe('styleOwners', () => {
  const es = path.join(path.dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
  const owners = styleOwners(es);
  const importing = (prefix: string) => [...owners].filter(([, p]) => p.includes(prefix)).map(([hook]) => hook);

  it("imports a component's part from the style hook its own code imports", () => {
    expect(importing('table')).toEqual(['table/style/index.js']);
    // `col` and `row` are grid's: the folders named after them only re-export it.
    expect(importing('col')).toEqual(['grid/style/index.js']);
    expect(importing('qrcode')).toEqual(['qr-code/style/index.js']);
    // Select is asked for by the pagination and the cascader too, which render a Select (and so import its hook).
    expect(importing('select')).toEqual(['select/style/index.js']);
    // No folder is named btn: both that ask for it carry it.
    expect(importing('btn').sort()).toEqual(['button/style/index.js', 'popconfirm/style/index.js']);
    expect(importing('wave')).toEqual(['_util/wave/style.js']);
  });
});
