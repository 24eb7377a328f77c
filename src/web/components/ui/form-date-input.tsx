import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput, type DateInputProps } from './date-input';

// Apart from DateInput: the list pages' date filters use DateInput, and react-hook-form loads with
// the forms that need it, not with every list (#14, no chunk a page does not use).

export type FormDateInputProps<T extends FieldValues> = Omit<DateInputProps, 'value' | 'onChange' | 'name'> & {
  control: Control<T, any, any>;
  name: Path<T>;
};

/** DateInput bound to a react-hook-form field; takes id and aria props from FormField directly. */
export function FormDateInput<T extends FieldValues>({ control, name, onBlur, ...props }: FormDateInputProps<T>) {
  const { field } = useController({ control, name });
  const { ref, value } = field;
  return (
    <DateInput
      {...props}
      name={field.name}
      ref={ref}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
    />
  );
}
