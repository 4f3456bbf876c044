import type { ComponentType } from 'react';
import type { Validator } from 'react-admin';
import type { Field } from '@sl/domain';

export type FieldInputProps = {
  source: string;
  field: Field;
  creating: boolean;
  label?: string;
  check?: Validator;
};

/** The editor of any field, handed to the inputs that hold fields of their own (objects, lists of records). */
export type NestedInputProps = FieldInputProps & { Nested: ComponentType<FieldInputProps> };

// Raw device payloads are read-only: shown, never edited; an area (a district's boundary) has its own input.
export const isEditable = (f: Field) => !f.readOnly;
