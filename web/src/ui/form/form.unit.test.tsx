import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Form } from './form';

const Example = ({ description }: { description?: string }) => {
  const form = useForm({ defaultValues: { reason: 'Too late', note: '' } });
  return (
    <Form form={form} onSubmit={() => undefined} aria-label="Example" notice="Nothing sent yet.">
      <Field name="reason" label="Reason" id="reason" max={500} description={description}>
        {(control) => <textarea {...control} />}
      </Field>
      <Field name="note" label="Note" optional labelHidden>
        {(control) => <input {...control} />}
      </Field>
    </Form>
  );
};

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

describe('ui/form', () => {
  it('labels each control and ties it to its description and its character count', () => {
    const html = renderToStaticMarkup(<Example description="Shown to the student." />);
    expect(html).toContain('<label for="reason"');
    expect(attribute(html, /<textarea[^>]*aria-describedby="([^"]+)"/)).toBe('reason-description reason-count');
    expect(attribute(html, /<textarea[^>]*maxLength="(\d+)"/i)).toBe('500');
    expect(html).toMatch(/<p id="reason-description"[^>]*>Shown to the student\.<\/p>/);
    expect(html).toMatch(/<p id="reason-count"[^>]*>8\/500<\/p>/);
    expect(html).not.toMatch(/<textarea[^>]*aria-invalid/);
  });

  it('gives a control without a limit or description no describedby, and a hidden label still names it', () => {
    const html = renderToStaticMarkup(<Example />);
    const noteId = attribute(html, /<input[^>]*id="([^"]+)"/);
    expect(noteId).toBeTruthy();
    expect(html).toContain(`<label for="${noteId}" class="sr-only">Note`);
    expect(html).not.toMatch(/<input[^>]*aria-describedby/);
  });

  it('shows the form-level notice while there is no error, and sends no browser validation', () => {
    const html = renderToStaticMarkup(<Example />);
    expect(html).toMatch(/<form[^>]*novalidate=""/i);
    expect(html).toContain('Nothing sent yet.');
  });
});
