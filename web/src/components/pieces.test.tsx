// The small shared pieces of a screen: a card page, a section's heading, the way to create an
// organisation, an upload's bar, a load failure's own retry words, PagedTable's page buttons on
// their own, a dialog's form, and a confirmation.
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, test, vi } from 'vitest';
import { renderWithProviders, setupSuite } from '@/testing/harness';
import { CardPage } from './CardPage';
import { ConfirmModal } from './ConfirmModal';
import { ModalForm } from './FormModal';
import { LoadError } from './LoadStates';
import { NoOrganisation } from './NoOrganisation';
import { PageButtons } from './PagedTable';
import { SectionHeading } from './SectionHeading';
import { UploadBar, UploadStatus } from './UploadBar';

setupSuite();

test('a card page holds its content', () => {
  renderWithProviders(
    <CardPage maw={480}>
      <h1>Welcome</h1>
    </CardPage>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
});

test('a section heading names its landmark, says what it is for, and carries its button', () => {
  renderWithProviders(
    <section aria-labelledby="s-title">
      <SectionHeading id="s-title" title="Follow-ups" intro="What to do next" action={<button>New</button>} />
    </section>,
  );
  expect(screen.getByRole('region', { name: 'Follow-ups' })).toHaveTextContent('What to do next');
  expect(screen.getByRole('heading', { level: 2, name: 'Follow-ups' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
});

test('without an organisation: why, in the screen’s words, and the link to create one', () => {
  const router = createMemoryRouter(
    [{ path: '*', element: <NoOrganisation heading={<h1>Dashboard</h1>} title="Needs an organisation" body="Create one first." createLabel="Create an organisation" /> }],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Needs an organisation' })).toBeInTheDocument();
  expect(screen.getByText('Create one first.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an organisation' })).toHaveAttribute('href', '/createorganization');
});

test('an upload’s bar is named and read as a percentage, or as a later step', () => {
  renderWithProviders(<UploadBar label="Uploading a.pdf" percent={0} />);
  const bar = screen.getByRole('progressbar', { name: 'Uploading a.pdf' });
  expect(bar).toHaveAttribute('aria-valuenow', '0');
  expect(bar).toHaveAttribute('aria-valuetext', '0%');
});

test('a later step reads as its words; the status says what is sent above its bar', () => {
  renderWithProviders(
    <>
      <UploadBar label="Uploading a.pdf" percent={100} valueText="Indexing…" />
      <UploadStatus label="Uploading b.pdf" percent={40} data-testid="upload" />
    </>,
  );
  expect(screen.getByRole('progressbar', { name: 'Uploading a.pdf' })).toHaveAttribute('aria-valuetext', 'Indexing…');
  expect(screen.getByTestId('upload')).toHaveTextContent('Uploading b.pdf');
  expect(screen.getByRole('progressbar', { name: 'Uploading b.pdf' })).toHaveAttribute('aria-valuetext', '40%');
});

test('a load failure’s retry may carry the screen’s own words', () => {
  const retry = vi.fn();
  renderWithProviders(<LoadError title="Could not load" code="internal" onRetry={retry} retryLabel="Reload" />);
  fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(retry).toHaveBeenCalledTimes(1);
});

test('the page buttons count from 0 and are named for screen readers', () => {
  const onPage = vi.fn();
  renderWithProviders(<PageButtons page={0} pages={3} onPage={onPage} label="Member pages" />);
  expect(screen.getByLabelText('Member pages')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(onPage).toHaveBeenCalledWith(2);
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(onPage).toHaveBeenLastCalledWith(1);
});

test('a dialog’s form: its fields, then Cancel and submit; submitting does not reload', () => {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <ModalForm onSubmit={onSubmit} gap="sm" cancelLabel="Cancel" onCancel={onCancel} submitLabel="Save">
      <input aria-label="Name" />
    </ModalForm>,
  );
  expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});

test('a confirmation asks, says why the last try was refused, and goes ahead only on its red button', () => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <ConfirmModal opened onClose={onClose} title="Delete Greeting" text="Delete “Greeting”?" cancelLabel="Cancel" confirmLabel="Delete" onConfirm={onConfirm} closeLabel="Close" confirmTestId="confirm">
      <p role="alert">Refused</p>
    </ConfirmModal>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Delete Greeting' });
  expect(dialog).toHaveTextContent('Delete “Greeting”?');
  expect(screen.getByRole('alert')).toHaveTextContent('Refused');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(onConfirm).not.toHaveBeenCalled();
  fireEvent.click(screen.getByTestId('confirm'));
  expect(onConfirm).toHaveBeenCalledTimes(1);
});
