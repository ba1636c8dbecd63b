import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { scrollingBodyModal } from './dialogLayout.ts';

interface FormDialogProps<V> {
  title: ReactNode;
  okText: string;
  width: number;
  /** The dialog's form, when the caller reads or fills fields itself; one is made otherwise. */
  form?: FormInstance<V>;
  initialValues?: FormProps<V>['initialValues'];
  /** Called with the values once the form is valid. */
  onFinish: (values: V) => void;
  /** The request is on its way: the OK button spins. */
  pending: boolean;
  danger?: boolean;
  okDisabled?: boolean;
  /** What stands above the form: what the dialog acts on, or a warning. */
  intro?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * FormDialog is the frame of a dialog that is one vertical form: OK submits the form (so its rules run
 * first), Cancel closes, and the form is dropped on close. Only the body scrolls, so OK stays on screen.
 */
export function FormDialog<V extends object>({
  title,
  okText,
  width,
  form: given,
  initialValues,
  onFinish,
  pending,
  danger,
  okDisabled,
  intro,
  onClose,
  children,
}: FormDialogProps<V>) {
  const [form] = Form.useForm<V>(given);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, loading: pending, disabled: okDisabled }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      {...scrollingBodyModal}
    >
      {intro}
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}
