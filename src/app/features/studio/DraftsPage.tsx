import { MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title2 } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { useStudioT } from '../../i18n/useStudioT';
import { errorText, statusLabel, useDrafts } from './api';
import { useDateTime } from './useDateTime';

/** The drafts product staff share: open ones, newest first, with author, status and base version. */
export default function DraftsPage() {
  const { data, error } = useDrafts();
  const t = useStudioT();
  const dateTime = useDateTime();
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error, t)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label={t('studio.drafts.loading')} />;
  return (
    <>
      <Title2 as="h1">{t('studio.drafts.title')}</Title2>
      {data.drafts.length === 0 ? (
        <Text block>{t('studio.drafts.none')}</Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table aria-label={t('studio.drafts.table')} style={{ tableLayout: 'auto' }}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('studio.drafts.draft')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.drafts.status')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.drafts.author')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.drafts.fromVersion')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.drafts.lastSaved')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.drafts.map((d) => (
                <TableRow key={d.id}>
                  <TableCell dir="auto">
                    <Link to={`/studio/drafts/${d.id}`}>{d.name}</Link>
                  </TableCell>
                  <TableCell>{statusLabel(t, d.status)}</TableCell>
                  <TableCell dir="auto">{d.author}</TableCell>
                  <TableCell>{d.baseVersion}</TableCell>
                  <TableCell>{t('studio.drafts.savedBy', { at: dateTime(d.updatedAt), name: d.updatedBy })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
