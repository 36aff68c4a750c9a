import type { FormInstance, FormItemProps, FormProps } from 'antd';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { createContext, useContext, useMemo } from 'react';
import type { z } from 'zod';

/** The shape of a validation message: zod's issues and the API's 400/409 issues both fit. */
interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

const SchemaContext = createContext<z.ZodType | null>(null);

/**
 * Shows each issue under its field (the first message per field) and returns the issues that
 * match no field on the form, for the caller to show some other way.
 */
export function showIssuesOnFields(form: FormInstance, issues: readonly FieldIssue[]): FieldIssue[] {
  const fieldNames = new Set(Object.keys(form.getFieldsValue()));
  const messageByField = new Map<string, string>();
  const unplaced: FieldIssue[] = [];
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && fieldNames.has(field)) {
      if (!messageByField.has(field)) messageByField.set(field, issue.message);
    } else {
      unplaced.push(issue);
    }
  }
  form.setFields([...messageByField].map(([name, message]) => ({ name, errors: [message] })));
  return unplaced;
}

interface SchemaFormProps<S extends z.ZodType> extends Omit<FormProps, 'onFinish' | 'form'> {
  schema: S;
  form: FormInstance;
  /** Called with the schema's output (trimmed, typed) once every field is valid. */
  onSubmit: (data: z.output<S>) => void;
  children: ReactNode;
}

/**
 * An antd Form validated by a contract schema, the same one the server parses: each field shows the
 * schema's message for it, and submit hands over exactly what the server will accept.
 */
export function SchemaForm<S extends z.ZodType>({ schema, form, onSubmit, children, ...formProps }: SchemaFormProps<S>) {
  function submit() {
    const result = schema.safeParse(form.getFieldsValue(true));
    if (result.success) {
      onSubmit(result.data);
      return;
    }
    const unplaced = showIssuesOnFields(form, result.error.issues);
    // Every schema field should have a FormField; if one is missing the user could not fix it.
    if (unplaced.length) console.error('Form is invalid on fields it does not show:', unplaced);
  }

  return (
    <SchemaContext.Provider value={schema}>
      <Form form={form} onFinish={submit} {...formProps}>
        {children}
      </Form>
    </SchemaContext.Provider>
  );
}

interface FormFieldProps extends Omit<FormItemProps, 'name' | 'rules'> {
  name: string;
}

/** A Form.Item whose rule is the surrounding SchemaForm's schema, read for this one field. */
export function FormField({ name, ...itemProps }: FormFieldProps) {
  const schema = useContext(SchemaContext);
  if (!schema) throw new Error(`FormField "${name}" must be inside a SchemaForm.`);
  const rules = useMemo<FormItemProps['rules']>(
    () => [
      (form) => ({
        async validator() {
          // Whole-form parse, so rules that compare fields (password confirmation) apply too.
          const result = schema.safeParse(form.getFieldsValue(true));
          const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === name);
          if (issue) throw new Error(issue.message);
        },
      }),
    ],
    [schema, name],
  );
  return <Form.Item name={name} rules={rules} {...itemProps} />;
}
