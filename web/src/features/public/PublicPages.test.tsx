// The public pages in the app (issue #28): a content page shows its title and the text built
// from web/content; the feedback form sends the visitor's message under the page's topic and
// thanks them, or marks the field the server refused; the topic an id names.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { setupSuite } from '@/testing/harness';
import { ContentPage } from './pages/ContentPage';
import { FeedbackPage, feedbackTopic } from './pages/FeedbackPage';

setupSuite();

function renderAt(path: string, pattern: string, element: React.ReactElement) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

test('a content page shows its title and the text of its Markdown file', async () => {
  renderAt('/terms', '/terms', <ContentPage page="terms" />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: '4. Acceptable use' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
  await waitFor(() => expect(document.title).toBe('Terms of service · Switchboard'));
});

test('the changelog lists what the product has', async () => {
  renderAt('/changelog', '/changelog', <ContentPage page="changelog" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Integrations with eight CRMs' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Team inbox' })).toBeInTheDocument();
});

test('an id names its topic; any other slug is the general form, anything else `general`', () => {
  expect(feedbackTopic('demo')).toEqual({ topic: 'demo', wording: 'feedback_demo' });
  expect(feedbackTopic('spring-offer')).toEqual({ topic: 'spring-offer', wording: 'feedback_general' });
  expect(feedbackTopic('Not A Slug')).toEqual({ topic: 'general', wording: 'feedback_general' });
  expect(feedbackTopic(undefined)).toEqual({ topic: 'general', wording: 'feedback_general' });
});

function fill() {
  fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Ana' } });
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ana@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'A demo, please.' } });
}

test('the feedback form sends the message under the page topic and thanks the visitor', async () => {
  const fetch = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetch);
  renderAt('/feedback/demo', '/feedback/:id', <FeedbackPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Book a demo' })).toBeInTheDocument();
  fill();
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Thank you!');
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(path).toBe('/api/feedback/demo');
  expect(JSON.parse(init.body as string)).toEqual({ name: 'Ana', email: 'ana@example.com', message: 'A demo, please.' });
});

test('a refused field is marked with the rule it broke', async () => {
  const body = { error: { code: 'validation_failed', message: 'email: email_invalid', fields: { email: 'email_invalid' } } };
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 422 })));
  renderAt('/feedback/contact', '/feedback/:id', <FeedbackPage />);
  await screen.findByRole('heading', { level: 1, name: 'Contact us' });
  fill();
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('could not be sent');
  expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
});
