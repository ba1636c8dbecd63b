import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import {
  type AnchorHTMLAttributes,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  createElement,
  useEffect,
  useRef,
  useState,
} from 'react';
import 'virtual:antd-styles/typography.css';
import { copyText } from './copyText.ts';
import './typography.css';

/** Copy labels: before and after a copy (antd's zh_CN words by default). */
type CopyLabels = readonly [string, string];

export interface CopyConfig {
  /** What is copied; the text shown when absent. */
  text?: string;
  tooltips?: CopyLabels;
}

export interface EllipsisConfig {
  /** Lines before the cut (Paragraph); one when absent. */
  rows?: number;
  /** Shown on hover: the browser's own tooltip. */
  tooltip?: string;
}

interface Decorations {
  strong?: boolean;
  code?: boolean;
  delete?: boolean;
  underline?: boolean;
  italic?: boolean;
  mark?: boolean;
  keyboard?: boolean;
}

interface BaseProps extends Decorations {
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  disabled?: boolean;
  copyable?: boolean | CopyConfig;
  ellipsis?: boolean | EllipsisConfig;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  /** The element, for a tooltip to place itself by (React 19 passes refs as props). */
  ref?: Ref<HTMLElement>;
}

export type TextProps = BaseProps & Omit<HTMLAttributes<HTMLSpanElement>, 'type'>;
export type ParagraphProps = BaseProps & Omit<HTMLAttributes<HTMLDivElement>, 'type'>;
export type TitleProps = BaseProps & Omit<HTMLAttributes<HTMLHeadingElement>, 'type'> & { level?: 1 | 2 | 3 | 4 | 5 };
export type LinkProps = Omit<BaseProps, 'ellipsis'> & { ellipsis?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'type'>;

const DEFAULT_LABELS: CopyLabels = ['复制', '复制成功'];
const COPIED_MS = 3000;

/** textOf is what a copy takes when no text is given: the strings and numbers shown, joined. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  return '';
}

function CopyButton({ config, children }: { config: true | CopyConfig; children: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [copy, done] = (config !== true && config.tooltips) || DEFAULT_LABELS;
  const label = copied ? done : copy;
  return (
    <button
      type="button"
      className={copied ? 'ant-typography-copy ant-typography-copy-success' : 'ant-typography-copy'}
      aria-label={label}
      title={label}
      onClick={async (e) => {
        e.preventDefault();
        e.stopPropagation();
        // Nothing to copy (a label that is not text) is not a copy: saying 复制成功 would send an empty paste.
        const value = (config !== true && config.text) || textOf(children);
        if (!value || !(await copyText(value))) return;
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      }}
    >
      {copied ? <CheckOutlined /> : <CopyOutlined />}
    </button>
  );
}

function decorate({ strong, underline, delete: del, code, mark, keyboard, italic }: Decorations, content: ReactNode): ReactNode {
  // antd's order, innermost first, so the markup (and its stylesheet's selectors) match.
  const tags: [boolean | undefined, string][] = [
    [strong, 'strong'],
    [underline, 'u'],
    [del, 'del'],
    [code, 'code'],
    [mark, 'mark'],
    [keyboard, 'kbd'],
    [italic, 'i'],
  ];
  return tags.reduce((inner, [on, tag]) => (on ? createElement(tag, null, inner) : inner), content);
}

/**
 * base renders antd's Typography markup (same element, classes and decorations, so antd's stylesheet applies) without
 * antd's component: that brings its editor (a TextArea), its measured ellipsis and its tooltips (rc-trigger), about
 * 25 KB brotli that every page with a line of text loaded first. Ellipsis here is the stylesheet's (one line, or
 * `rows` lines), with the browser's tooltip; copy labels show as a title rather than an antd Tooltip.
 */
function base(tag: string, props: BaseProps & HTMLAttributes<HTMLElement> & { title?: string }) {
  const { type, disabled, copyable, ellipsis, className, style, children, strong, code, delete: del, underline, italic, mark, keyboard, ...rest } = props;
  const rows = typeof ellipsis === 'object' ? (ellipsis.rows ?? 1) : 1;
  const classes = ['ant-typography'];
  if (type) classes.push(`ant-typography-${type}`);
  if (disabled) classes.push('ant-typography-disabled');
  if (ellipsis) classes.push('ant-typography-ellipsis', rows > 1 ? 'ant-typography-ellipsis-multiple-line' : 'ant-typography-ellipsis-single-line');
  if (tag === 'a') classes.push('ant-typography-link');
  if (className) classes.push(className);
  const tooltip = typeof ellipsis === 'object' ? ellipsis.tooltip : undefined;
  const content = (
    <>
      {children}
      {copyable ? (
        <span className="ant-typography-actions">
          <CopyButton config={copyable}>{children}</CopyButton>
        </span>
      ) : null}
    </>
  );
  return createElement(
    tag,
    {
      ...rest,
      title: rest.title ?? tooltip,
      className: classes.join(' '),
      style: rows > 1 ? { ...style, WebkitLineClamp: rows } : style,
    },
    decorate({ strong, code, delete: del, underline, italic, mark, keyboard }, content),
  );
}

const Text = (props: TextProps) => base('span', props);
const Paragraph = (props: ParagraphProps) => base('div', props);
const Title = ({ level = 1, ...props }: TitleProps) => base(`h${level}`, props);
const Link = ({ rel, ...props }: LinkProps) => base('a', { ...props, rel: rel ?? (props.target === '_blank' ? 'noopener noreferrer' : undefined) });

/** Typography is antd's Text, Paragraph, Title and Link, as light as the console's pages need (see `base`). */
export const Typography = { Text, Paragraph, Title, Link };
