import type { FormInstance, FormItemProps, FormProps } from 'antd';
import type { ResourceDefinition } from '@facet/contract/resource';
import { Form } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useRef } from 'react';
import type { z } from 'zod';
import { parseOncePerValues } from './parse-once.ts';

/** The shape of a validation message: zod's issues and the API's 400/409 issues both fit. */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Where a value sits in the form: ['name'], or inside a list ['faqs', 0, 'question']. */
type FieldPath = readonly (string | number)[];

/** True when `path` starts with `prefix` (list indices may come as numbers or digit strings). */
function startsWithPath(path: readonly PropertyKey[], prefix: FieldPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]));
}

/** The form's one parse, shared by its fields (see parseOncePerValues). */
const SchemaContext = createContext<((values: unknown) => z.ZodSafeParseResult<unknown>) | null>(null);

/**
 * Shows each issue under its field (the first message per field; the field with the longest
 * matching path, so an issue inside a list lands on its entry) and returns the issues that match no
 * field on the form, for the caller to show some other way.
 */
export function showIssuesOnFields(form: FormInstance, issues: readonly FieldIssue[]): FieldIssue[] {
  const fieldPaths: FieldPath[] = form.getFieldsError().map((field) => field.name);
  const messageByField = new Map<string, { name: FieldPath; message: string }>();
  const unplaced: FieldIssue[] = [];
  for (const issue of issues) {
    const target = fieldPaths.filter((name) => startsWithPath(issue.path, name)).sort((a, b) => b.length - a.length)[0];
    if (!target) {
      unplaced.push(issue);
      continue;
    }
    const key = JSON.stringify(target);
    if (!messageByField.has(key)) messageByField.set(key, { name: target, message: issue.message });
  }
  form.setFields([...messageByField.values()].map(({ name, message }) => ({ name: [...name], errors: [message] })));
  return unplaced;
}

interface SchemaFormProps<S extends z.ZodType> extends Omit<FormProps, 'onFinish' | 'onFinishFailed' | 'form'> {
  schema: S;
  form: FormInstance;
  /** Called with the schema's output (trimmed, typed) once every field is valid. */
  onSubmit: (data: z.output<S>) => void;
  /**
   * Values the form holds outside antd's store (a product's 1,000 variants, kept in rows of their
   * own so that typing re-renders one row), added to what a submit parses.
   */
  extraValues?: () => Record<string, unknown>;
  /**
   * Called when a submit finds the form invalid, with every problem: the schema's issues (those on
   * fields are shown there too) and the messages of fields that failed for reasons the values do not
   * show (useReportInputProblem). A form that lists its errors in one place uses it.
   */
  onProblems?: (issues: FieldIssue[]) => void;
  children: ReactNode;
}

/**
 * An antd Form validated by a contract schema, the same one the server parses: each field shows the
 * schema's message for it, and submit hands over exactly what the server will accept.
 */
export function SchemaForm<S extends z.ZodType>({ schema, form, onSubmit, extraValues, onProblems, children, ...formProps }: SchemaFormProps<S>) {
  // Field rules read the form's own values, parsed once for all fields; a submit parses the whole
  // record (extra values included) once more. Typing in a field of a product with 1,000 variants
  // thus never parses the variants.
  const parse = useMemo(() => parseOncePerValues(schema), [schema]);
  const parseWhole = useMemo(() => {
    if (!extraValues) return parse;
    const parseValues = parseOncePerValues(schema);
    return (values: unknown) => parseValues({ ...(values as Record<string, unknown>), ...extraValues() });
  }, [schema, extraValues, parse]);
  function submit() {
    const result = parseWhole(form.getFieldsValue(true));
    if (result.success) {
      onSubmit(result.data);
      return;
    }
    const unplaced = showIssuesOnFields(form, result.error.issues);
    if (onProblems) onProblems(result.error.issues);
    // Every schema field should have a FormField; if one is missing the user could not fix it.
    else if (unplaced.length) console.error('Form is invalid on fields it does not show:', unplaced);
  }
  /** antd stops before onFinish when a field's rule fails; the form's list of errors still needs every problem. */
  function reportFailedFields({ errorFields }: { errorFields: { name: (string | number)[]; errors: string[] }[] }) {
    if (!onProblems) return;
    const result = parseWhole(form.getFieldsValue(true));
    const issues: FieldIssue[] = result.success ? [] : [...result.error.issues];
    for (const field of errorFields) {
      const covered = issues.some((issue) => startsWithPath(issue.path, field.name));
      if (!covered && field.errors[0]) issues.push({ path: field.name, message: field.errors[0] });
    }
    onProblems(issues);
  }

  return (
    <SchemaContext.Provider value={parse}>
      <Form form={form} onFinish={submit} onFinishFailed={reportFailedFields} {...formProps}>
        {children}
      </Form>
    </SchemaContext.Provider>
  );
}

interface FormFieldProps extends Omit<FormItemProps, 'name' | 'rules'> {
  /** The field's name as antd takes it; inside a Form.List, relative to the entry ([index, 'question']). */
  name: string | FieldPath;
  /** Inside a Form.List: the field's full path in the form's values (['faqs', 0, 'question']), where the schema reports its issues. */
  path?: FieldPath;
}

/** Tells the surrounding FormField what is wrong with its input (null once it is right again). */
export type ReportInputProblem = (problem: string | null) => void;

const InputProblemContext = createContext<ReportInputProblem | null>(null);

/**
 * For inputs that can be wrong in a way the form's values do not show (a file the upload refused:
 * the value keeps the previous image): the problem shows as the field's message and blocks submit
 * like a broken rule. Null outside a FormField; the input then shows the problem itself.
 */
export function useReportInputProblem(): ReportInputProblem | null {
  return useContext(InputProblemContext);
}

/**
 * FormField for the form of `resource`, whose `name` must be a field of its create or update input:
 * a misspelt field does not compile (a path inside a list stays a plain path).
 */
export function formFieldOf<R extends ResourceDefinition>(_resource: R) {
  return FormField as (props: Omit<FormFieldProps, 'name'> & { name: FieldNameOf<R> | FieldPath }) => ReactElement;
}

/** The names of the fields of `R`'s form: its create and update input. */
export type FieldNameOf<R extends ResourceDefinition> = (keyof z.input<R['createInput']> & string) | (keyof z.input<R['updateInput']> & string);

/** A Form.Item whose rule is the surrounding SchemaForm's schema, read for this one field. */
export function FormField({ name, path, ...itemProps }: FormFieldProps) {
  const parse = useContext(SchemaContext);
  if (!parse) throw new Error(`FormField "${String(name)}" must be inside a SchemaForm.`);
  const form = Form.useFormInstance();
  const inputProblem = useRef<string | null>(null);
  const fullPath = JSON.stringify(path ?? [name].flat());
  const rules = useMemo<FormItemProps['rules']>(
    () => [
      (form) => ({
        async validator() {
          if (inputProblem.current) throw new Error(inputProblem.current);
          // Whole-form parse, so rules that compare fields (password confirmation) apply too.
          const result = parse(form.getFieldsValue(true));
          const issue = result.success ? undefined : result.error.issues.find((i) => startsWithPath(i.path, JSON.parse(fullPath) as FieldPath));
          if (issue) throw new Error(issue.message);
        },
      }),
    ],
    [parse, fullPath],
  );
  const reportInputProblem = useCallback<ReportInputProblem>(
    (problem) => {
      inputProblem.current = problem;
      // Shown (or cleared) at once; the rejection only repeats what the field now shows.
      form.validateFields([JSON.parse(fullPath) as FieldPath]).catch(() => undefined);
    },
    [form, fullPath],
  );
  return (
    <InputProblemContext.Provider value={reportInputProblem}>
      <Form.Item name={typeof name === 'string' ? name : [...name]} rules={rules} {...itemProps} />
    </InputProblemContext.Provider>
  );
}
