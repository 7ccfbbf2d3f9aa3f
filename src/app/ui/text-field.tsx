import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlStateOf, FieldFrame, type FieldFrameProps } from './field-frame';

type FrameProps = FieldFrameProps;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, Omit<FrameProps, 'count'> {}

export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input {...controlStateOf({ id, error, hint })} {...input} />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, FrameProps {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A text area with its label, hint, character count and error: the kit's field for free text. */
export function TextAreaField({ id, label, error, hint, count, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} count={count}>
      <textarea {...controlStateOf({ id, error, hint, count })} {...textarea} />
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>, Omit<FrameProps, 'count'> {}

/** A select with its label, hint and error; its options are the children. */
export function SelectField({ id, label, error, hint, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select {...controlStateOf({ id, error, hint })} {...select}>
        {children}
      </select>
    </FieldFrame>
  );
}
