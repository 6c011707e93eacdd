/**
 * Wording of schema-validation failures, shared by the server (ModelState) and the client forms, so a user sees
 * the same sentence whichever side catches the mistake. A property's `x-messages` (spec wording) wins.
 */
export interface PropertyForMessage {
  title?: string;
  'x-messages'?: Record<string, string>;
}

export function humanizeFieldName(name: string): string {
  return name.replace(/_Id$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
}

export function validationMessage(
  keyword: string,
  params: Record<string, unknown>,
  property: PropertyForMessage | undefined,
  fieldName: string,
): string {
  const custom = property?.['x-messages']?.[keyword];
  if (custom) return custom;
  const label = property?.title ?? humanizeFieldName(fieldName || 'Value');
  switch (keyword) {
    case 'required':
      return `${label} is required.`;
    case 'minLength':
      return params.limit === 1 ? `${label} is required.` : `${label} must be at least ${params.limit} characters.`;
    case 'maxLength':
      return `${label} must be at most ${params.limit} characters.`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${label} must be at least ${params.limit}.`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${label} must be at most ${params.limit}.`;
    case 'type': {
      const type = String(params.type).replace(',null', '');
      const noun = type === 'integer' ? 'a whole number' : type === 'array' ? 'a list' : `a ${type}`;
      return `${label} must be ${noun}.`;
    }
    case 'format':
      return `${label} must be a valid ${params.format === 'email' ? 'email address' : String(params.format)}.`;
    case 'enum':
      return `${label} must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'pattern':
      return `${label} is not in the expected format.`;
    case 'minItems':
      return `${label} needs at least ${params.limit}.`;
    case 'maxItems':
      return `${label} allows at most ${params.limit}.`;
    case 'additionalProperties':
      return 'This field is not allowed.';
    default:
      return `${label} is invalid.`;
  }
}

/**
 * US phone numbers (spec 000: US formatting, dash delimiter): 10 digits, optionally after the country code 1, with
 * spaces, dots, dashes or parentheses between them. The server refuses anything else with this message and
 * stores the number as 555-123-4567; the phone input shows the same message before a form is sent.
 */
export const UsPhone = {
  message: 'Enter a 10-digit US phone number.',

  /** The 10 digits of a US phone number, or null when the text is not one. */
  digits(text: string | null | undefined): string | null {
    if (typeof text !== 'string' || !/^\s*\+?[\d\s().-]*$/.test(text)) return null;
    const digits = text.replace(/\D/g, '');
    const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    return national.length === 10 ? national : null;
  },

  isValid(text: string | null | undefined): boolean {
    return UsPhone.digits(text) !== null;
  },

  /** 555-123-4567, or null when the text is not a US phone number. */
  format(text: string | null | undefined): string | null {
    const digits = UsPhone.digits(text);
    return digits && `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  },
} as const;
