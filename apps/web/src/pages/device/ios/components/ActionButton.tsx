import { Button, type ButtonProps } from 'antd';
import { Hint } from '../../../../components/hint/Hint.tsx';
import type { ReactNode } from 'react';
import type { ActionCheck } from '../detail/deviceActions.ts';

interface ActionButtonProps extends Omit<ButtonProps, 'disabled' | 'children'> {
  check: ActionCheck;
  children: ReactNode;
}

/**
 * ActionButton renders a device action by its rule: hidden without the permission, disabled with the
 * reason as its tooltip when the device state forbids it.
 */
export function ActionButton({ check, children, ...button }: ActionButtonProps) {
  if (!check.permitted) return null;
  if (check.allowed) return <Button {...button}>{children}</Button>;
  return (
    <Hint title={check.reason}>
      {/* A disabled button swallows pointer events; the span keeps the tooltip working. */}
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        <Button {...button} disabled style={{ ...button.style, pointerEvents: 'none' }}>
          {children}
        </Button>
      </span>
    </Hint>
  );
}
