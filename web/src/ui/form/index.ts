export { Field } from './field';
export type { FieldControlProps, FieldProps } from './field';
export { Form, FormMessage } from './form';
export type { FormProps } from './form';
