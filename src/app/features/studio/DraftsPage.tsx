import { MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2 } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { errorText, STATUS_LABELS, useDrafts } from './api';

/** The drafts product staff share: open ones, newest first, with author, status and base version. */
export default function DraftsPage() {
  const { data, error } = useDrafts();
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label="Loading drafts" />;
  return (
    <>
      <Title2 as="h1">Drafts</Title2>
      {data.drafts.length === 0 ? (
        <Text block>No open drafts. Choose a step to start one, or roll back from the versions page.</Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table aria-label="Open drafts" style={{ tableLayout: 'auto' }}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Draft</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Author</TableHeaderCell>
                <TableHeaderCell>From version</TableHeaderCell>
                <TableHeaderCell>Last saved</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.drafts.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    <Link to={`/studio/drafts/${d.id}`}>{d.name}</Link>
                  </TableCell>
                  <TableCell>{STATUS_LABELS[d.status]}</TableCell>
                  <TableCell>{d.author}</TableCell>
                  <TableCell>{d.baseVersion}</TableCell>
                  <TableCell>
                    {new Date(d.updatedAt).toLocaleString()} by {d.updatedBy}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
