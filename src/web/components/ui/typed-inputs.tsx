import { maskCnpj, maskPhone, onlyDigits } from '@domain/documents';
import { Input, type InputProps } from './input';

/* The values several forms ask for, typed the same way in each. Every prop is the <input>'s and
   overrides the preset (a form's autoComplete, placeholder...). */

/** An e-mail address: no capital or spelling correction on phones. */
export function EmailInput(props: InputProps) {
  return <Input type="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

/** A Brazilian phone, masked as typed: "(11) 99999-9999". */
export function PhoneInput(props: InputProps) {
  return <Input type="tel" inputMode="tel" placeholder="(11) 99999-9999" maxLength={15} mask={maskPhone} {...props} />;
}

/** A CNPJ, masked as typed: "00.000.000/0000-00". */
export function CnpjInput(props: InputProps) {
  return <Input inputMode="numeric" placeholder="00.000.000/0000-00" maxLength={18} mask={maskCnpj} {...props} />;
}

/** A count of miles: digits only, up to ten (spec part 1 §5). */
export function MilesInput(props: InputProps) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      className="tabular-nums"
      mask={(typed) => onlyDigits(typed).slice(0, 10)}
      {...props}
    />
  );
}
