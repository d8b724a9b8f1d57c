// @vitest-environment happy-dom
import { FluentProvider } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentRow } from '../../../src/app/features/documents/DocumentRow';
import { DocumentsPanel } from '../../../src/app/features/documents/DocumentsPanel';
import type { ProspectDocuments } from '../../../src/app/features/documents/documentList';
import { appTheme } from '../../../src/app/theme';

afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<FluentProvider theme={appTheme}>{ui}</FluentProvider>);
const noop = async () => undefined;

// As the server answers for a sole proprietor: the first company bank statement is titled like its list.
const docs: ProspectDocuments = {
  companyDocuments: { documents: [{ documentKey: 'TradeLicense-1', documentType: 'TradeLicense', documentTitle: 'Trade License', required: true, uploadStatus: 'NotUploaded' }], isDocUpdate: true },
  companyBankStatements: {
    documents: [{ documentKey: 'companyBankStatements-BankStatement-1', documentType: 'BankStatement', documentTitle: 'Company bank statements', required: true, uploadStatus: 'NotUploaded' }],
    isDocUpdate: false,
  },
  companyAddressProof: { documents: [], isDocUpdate: false },
  companyInvoices: { documents: [], isDocUpdate: false },
  stakeholdersDocuments: {},
  kycAnnexureDocuments: [],
  otherDocuments: [],
  readyForSubmit: false,
};

describe('the documents panel', () => {
  it('names "Company bank statements" once, as the heading of its list, and numbers the statements under it', () => {
    wrap(<DocumentsPanel docs={docs} uploadsOpen uploads={{}} onUpload={() => undefined} onCancel={() => undefined} onDownload={noop} onDelete={noop} />);
    expect(screen.getAllByText('Company bank statements')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Company bank statements' })).toBeTruthy();
    expect(screen.getByText('Company bank statements (1)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Company bank statements (1)' })).toBeTruthy();
  });
});

describe('a document row after a refused file', () => {
  const entry = docs.companyDocuments!.documents[0]!;
  const row = (upload: { fileName: string; error: string; attempt: number } | undefined) => (
    <ul>
      <DocumentRow entry={entry} availability="AVAILABLE" upload={upload} onFile={() => undefined} onCancel={() => undefined} />
    </ul>
  );

  it('puts the focus back on its button (from the page), which names the error; each refusal is a new alert', () => {
    const view = wrap(row(undefined));
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    view.rerender(<FluentProvider theme={appTheme}>{row({ fileName: 'large.pdf', error: 'File size exceeded (5Mb maximum)', attempt: 1 })}</FluentProvider>);
    const button = screen.getByRole('button', { name: 'Upload Trade License' });
    expect(document.activeElement).toBe(button);
    const alert = screen.getByRole('alert');
    expect(button.getAttribute('aria-describedby')).toBe(alert.id);
    expect(alert.textContent).toBe('File size exceeded (5Mb maximum)');
    button.blur();
    view.rerender(<FluentProvider theme={appTheme}>{row({ fileName: 'large.pdf', error: 'File size exceeded (5Mb maximum)', attempt: 2 })}</FluentProvider>);
    expect(screen.getByRole('alert')).not.toBe(alert);
    expect(document.activeElement).toBe(button);
  });
});
