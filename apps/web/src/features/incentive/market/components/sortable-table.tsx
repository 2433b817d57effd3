import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../../components/table-scroll.tsx';

export interface Column<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  /** Present when the column can be sorted (client side unless the table is controlled). */
  sortValue?: (row: T) => number | string;
  align?: 'left' | 'right' | 'center';
}

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

interface Props<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Initial client-side sort; ignored when `sort` is controlled. */
  initialSort?: SortState;
  /** Controlled (server-side) sort: the table only reports clicks. */
  sort?: SortState;
  onSort?: (sort: SortState) => void;
}

/**
 * A data table with sortable headers (buttons, keyboard-usable, aria-sort).
 * First column sticky and sideways scroll on a phone (global .data-table).
 */
export function SortableTable<T>({ caption, columns, rows, rowKey, initialSort, sort, onSort }: Props<T>) {
  const { t } = useTranslation('incentiveMarket');
  const [local, setLocal] = useState<SortState | undefined>(initialSort);
  const active = sort ?? local;
  const sorted = useMemo(() => {
    if (sort || !active) return rows;
    const col = columns.find((c) => c.key === active.key);
    if (!col?.sortValue) return rows;
    const value = col.sortValue;
    const dir = active.order === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (x < y ? -1 : x > y ? 1 : 0) * dir;
    });
  }, [rows, columns, active, sort]);

  const click = (key: string) => {
    const next: SortState = active?.key === key ? { key, order: active.order === 'desc' ? 'asc' : 'desc' } : { key, order: 'desc' };
    if (onSort) onSort(next);
    if (!sort) setLocal(next);
  };

  return (
    <TableScroll label={caption}>
      <table className="data-table market-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const isActive = active?.key === c.key;
              const ariaSort = isActive
                ? active.order === 'asc'
                  ? 'ascending'
                  : 'descending'
                : c.sortValue || onSort
                  ? 'none'
                  : undefined;
              return (
                <th key={c.key} scope="col" aria-sort={ariaSort} style={c.align ? { textAlign: c.align } : undefined}>
                  {c.sortValue ? (
                    <button type="button" className="market-sort" onClick={() => click(c.key)}>
                      {c.label}
                      {isActive ? (
                        active.order === 'asc' ? (
                          <UpOutline aria-label={t('sortAsc')} />
                        ) : (
                          <DownOutline aria-label={t('sortDesc')} />
                        )
                      ) : null}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" style={c.align ? { textAlign: c.align } : undefined}>
                    {c.render(row)}
                  </th>
                ) : (
                  <td key={c.key} style={c.align ? { textAlign: c.align } : undefined}>
                    {c.render(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
