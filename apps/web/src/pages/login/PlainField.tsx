import { type InputHTMLAttributes, type ReactNode, useState } from 'react';

interface InputProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** PlainField is a labelled input with its error below, linked for screen readers (app/base.css). */
export function PlainField({ id, label, error, children }: { id: string; label: string; error?: string; children: (props: InputProps) => ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className="plain-field">
      <label htmlFor={id}>{label}</label>
      <div className="plain-input-wrap" data-invalid={Boolean(error)}>
        {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      </div>
      {error && (
        <div id={errorId} className="plain-field-error">
          {error}
        </div>
      )}
    </div>
  );
}

type PasswordProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & InputProps & { onChange: (value: string) => void };

/** PasswordInput has a show/hide button big enough for a thumb (44 px). */
export function PasswordInput({ onChange, ...props }: PasswordProps) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <input {...props} className="plain-input" type={shown ? 'text' : 'password'} onChange={(e) => onChange(e.target.value)} />
      <button type="button" className="plain-eye" aria-label={shown ? '隐藏密码' : '显示密码'} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
          <circle cx="12" cy="12" r="3" />
          {!shown && <path d="M3 3l18 18" />}
        </svg>
      </button>
    </>
  );
}
