import type { ModalProps } from 'antd';

/**
 * scrollingBodyModal keeps a long dialog's footer (its submit button) on screen: the dialog is centred and only
 * its body scrolls, on a phone and on a 1366×768 laptop alike. The 200 px leave room for the title, the footer
 * and the dialog's own margins.
 */
export const scrollingBodyModal = {
  centered: true,
  styles: { body: { maxHeight: 'calc(100dvh - 200px)', overflowY: 'auto', overflowX: 'hidden' } },
} satisfies Pick<ModalProps, 'centered' | 'styles'>;
