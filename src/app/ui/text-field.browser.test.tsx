import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { z } from 'zod';
import { requiredText } from '#domain/schemas/fields';
import { renderComponent } from '../testing/render';
import { SelectField, TextAreaField, TextField } from './text-field';
import { useFormSubmit } from './use-form-submit';

const schema = z.object({ name: requiredText(40), topic: requiredText(20), message: requiredText(100) });

function KitForm({ onSent }: { onSent: (data: z.output<typeof schema>) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit(formRef, { schema, action: onSent });
  const message = form.field('message');
  return (
    <form ref={formRef} noValidate onSubmit={(event) => form.submit(event, form.values)}>
      <TextField id="kit-name" label="Name" {...form.field('name')} />
      <SelectField id="kit-topic" label="Topic" hint="What it is about." {...form.field('topic')}>
        <option value="">Choose a topic</option>
        <option value="scan">A scan</option>
      </SelectField>
      <TextAreaField
        id="kit-message"
        label="Message"
        hint="A few words."
        count={`${message.value.length} of 100 characters`}
        {...message}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('the form kit: text field, select and text area', () => {
  it('shows every error on the first submit, focuses the first, and describes each control by its hint, count and error', async () => {
    const sent: unknown[] = [];
    await renderComponent(<KitForm onSent={(data) => sent.push(data)} />);
    await page.getByRole('button', { name: 'Send' }).click();

    const name = page.getByRole('textbox', { name: 'Name' });
    const topic = page.getByRole('combobox', { name: 'Topic' });
    const message = page.getByRole('textbox', { name: 'Message' });
    await expect.element(name).toHaveFocus();
    for (const field of [name, topic, message]) await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(topic).toHaveAccessibleDescription('What it is about. This field is required.');
    await expect.element(message).toHaveAccessibleDescription('A few words. 0 of 100 characters This field is required.');
    expect(sent).toEqual([]);

    await name.fill('Camille');
    await topic.selectOptions('scan');
    await userEvent.type(message, 'Bin full');
    await expect.element(message).toHaveAccessibleDescription(/8 of 100 characters/);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => sent).toEqual([{ name: 'Camille', topic: 'scan', message: 'Bin full' }]);
    await expect.element(message).not.toHaveAttribute('aria-invalid');
  });
});
