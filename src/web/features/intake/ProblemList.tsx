import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IntakeProblem } from '../../../core/api/intake';

/** The rows of a file a problem is about, as a reader counts them: "row 4", "rows 2, 3". */
export function rowsText(rows: number[] | undefined): string | null {
  return rows && rows.length > 0 ? rows.join(', ') : null;
}

/** An item's (or an imported order's) problems, in the reader's language as the server wrote them, with their rows. */
export function ProblemList({ problems }: { problems: IntakeProblem[] }) {
  const { t } = useTranslation('intake');
  if (problems.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <List size="sm" spacing={2} withPadding={false} listStyleType="none" data-testid="problems">
      {problems.map((p, i) => {
        const rows = rowsText(p.rows);
        return (
          <List.Item key={`${p.code}-${p.field ?? ''}-${i}`}>
            <Text size="sm" c="orange.9" span>
              {p.message}
            </Text>
            {rows ? (
              <Text size="xs" c="dimmed" span>
                {' '}
                ({t('rows', { count: p.rows!.length, rows })})
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}
