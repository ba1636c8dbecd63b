import { describe, expect, it } from 'vitest';
import { splitAntdStyles } from './antd-styles.ts';

describe('splitAntdStyles', () => {
  const css = [
    '.css-var-r0{--ant-color-primary:#0958d9;}',
    '.ant-btn{color:red;}',
    '@keyframes antTableSpin{to{transform:rotate(1turn);}}',
    '.ant-table-wrapper .ant-btn{margin:0;}',
    '@media (max-width:575px){.ant-col-xs-1{display:block;}.ant-btn{x:y;}}',
    '@media (max-width:575px){.ant-space{gap:0;}}',
    '.anticon{display:inline-flex;}',
    '.ant-btn-primary{color:blue;}',
  ];

  it('keeps theme variables, keyframes, icons and the frame components apart from the rest, each in order', () => {
    const { frame, rest } = splitAntdStyles(css.join(''), ['btn', 'space']);
    expect(frame).toBe([css[0], css[1], css[2], css[5], css[6], css[7]].join(''));
    // A rule goes by its selector's first antd class; an @media by its first rule's.
    expect(rest).toBe([css[3], css[4]].join(''));
  });
});
