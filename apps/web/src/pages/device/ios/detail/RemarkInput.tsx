import { Typography } from 'antd';
import { useRef } from 'react';

/**
 * RemarkInput is antd's in-place text editor, open from the start: loaded only when a clerk edits a remark
 * (RemarkEditor), since it brings antd's TextArea and the full Typography. Enter or leaving the field saves, Esc
 * cancels; either way `onDone` closes it.
 */
export default function RemarkInput({ remark, onSave, onDone }: { remark: string; onSave: (text: string) => void; onDone: () => void }) {
  // Once saved or cancelled, a blur as the field goes away must not save (again, or after Esc).
  const closed = useRef(false);
  return (
    <Typography.Text
      editable={{
        editing: true,
        text: remark,
        maxLength: 100,
        onChange: (text) => {
          if (closed.current) return;
          closed.current = true;
          onSave(text);
          onDone();
        },
        onCancel: () => {
          closed.current = true;
          onDone();
        },
      }}
    >
      {remark}
    </Typography.Text>
  );
}
