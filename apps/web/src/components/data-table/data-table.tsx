import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useId, useMemo, useState, type AriaAttributes, type ReactNode } from 'react';
import { useCardHeading } from './table-card.tsx';
import './data-table.css';

type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };
/** What a row (or a group of rows) may carry besides its cells: a class, aria-current, data-* for checks. */
type RowAttributes = { className?: string | undefined; 'aria-current'?: AriaAttributes['aria-current'] } & DataAttributes;

interface ColumnBase<T> {
  key: string;
  /** The cell of a row. */
  cell: (row: T, index: number) => ReactNode;
  /** A figure: right-aligned, tabular digits. */
  numeric?: boolean;
  /** Overrides the alignment (default: figures right, the rest left). */
  align?: 'left' | 'right' | 'center';
  /** Present when the column sorts (on the client, unless the table's sort is controlled). */
  sortValue?: (row: T) => number | string;
  /** The order of the first click on this header (default descending): "PV to Q" starts with the nearest. */
  firstOrder?: 'asc' | 'desc';
  /** Long text that wraps rather than widening the table. */
  wrap?: boolean;
  /** A picture of figures shown elsewhere in the row (a bar): hidden from screen readers, unlabelled on a phone. */
  decorative?: boolean;
}

/** A header that is not plain text needs a plain `label` for the phone layout's label–value pairs. */
type Heading = { header: string; label?: string } | { header: ReactNode; label: string };

export type DataColumn<T> = ColumnBase<T> & Heading;

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
}

interface FooterRow {
  key: string;
  /** Cells by column key; the first column's heads the row ("Total"). */
  cells: Partial<Record<string, ReactNode>>;
  attrs?: RowAttributes;
}

interface RowGroup<T> {
  key: string;
  /** The group's heading row, spanning the table. */
  header: ReactNode;
  rows: readonly T[];
  attrs?: RowAttributes;
}

interface Common<T> {
  columns: readonly DataColumn<T>[];
  rowKey: (row: T, index: number) => string;
  rowAttrs?: (row: T) => RowAttributes;
  footer?: readonly FooterRow[];
  /**
   * 'stack' (default): on a phone each row becomes a block of label–value pairs.
   * 'grid': a true month grid (months as columns) keeps its columns and scrolls sideways,
   * with its first column sticky and the edge that hides more faded.
   */
  layout?: 'stack' | 'grid';
  /** The table's name when no card heading names it (read by screen readers only). */
  caption?: string;
  /** The id of the element that names the table, when it is not the card's heading. */
  labelledBy?: string;
  className?: string;
  /** Initial client-side sort; ignored when `sort` is controlled. */
  initialSort?: SortState;
  /** Controlled (server-side) sort: the table only reports clicks through `onSort`. */
  sort?: SortState;
  onSort?: (sort: SortState) => void;
}

export type DataTableProps<T> = Common<T> & ({ rows: readonly T[]; groups?: never } | { groups: readonly RowGroup<T>[]; rows?: never });

const labelOf = <T,>(c: DataColumn<T>): string => c.label ?? (typeof c.header === 'string' ? c.header : '');
const alignOf = <T,>(c: DataColumn<T>, i: number): string => c.align ?? (i === 0 || !c.numeric ? 'left' : 'right');
const empty = (v: ReactNode) => v === null || v === undefined || v === false || v === '';

function cellClass<T>(c: DataColumn<T>, i: number): string {
  let cls = `data-table__cell--${alignOf(c, i)}`;
  if (c.numeric) cls += ' num';
  if (c.wrap) cls += ' data-table__cell--wrap';
  if (c.decorative) cls += ' data-table__cell--deco';
  return cls;
}

/** One body or footer cell: the first column heads its row. */
function Cell<T>({ column, index, value }: { column: DataColumn<T>; index: number; value: ReactNode }) {
  const cls = cellClass(column, index);
  // The value sits in its own box so the phone layout can set it beside its label whatever it holds.
  const body = empty(value) ? null : <div className="data-table__value">{value}</div>;
  if (index === 0) {
    return (
      <th role="rowheader" scope="row" className={cls}>
        {body}
      </th>
    );
  }
  return (
    <td
      role="cell"
      className={cls}
      data-label={column.decorative ? undefined : labelOf(column)}
      aria-hidden={column.decorative || undefined}
    >
      {body}
    </td>
  );
}

function sortRows<T>(rows: readonly T[], columns: readonly DataColumn<T>[], sort: SortState | undefined): readonly T[] {
  const value = sort && columns.find((c) => c.key === sort.key)?.sortValue;
  if (!sort || !value) return rows;
  const dir = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir;
  });
}

/**
 * The one data table: accessible markup written once (a name from its caption or card heading,
 * column and row headers, aria-sort on sortable headers with a button inside), figures aligned,
 * optional sort and footer rows. On a phone (< 600 px) each row is a block of label–value pairs,
 * so every value is visible without scrolling sideways; a month grid (`layout="grid"`) keeps its
 * columns, scrolls, and keeps its first column in view.
 *
 * Roles are explicit because the phone layout changes the elements' display, which makes some
 * browsers drop a table's implicit semantics.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rowKey, rowAttrs, footer, layout = 'stack', caption, labelledBy, className, initialSort, sort, onSort } = props;
  const cardHeading = useCardHeading();
  const captionId = useId();
  const nameId = caption ? captionId : (labelledBy ?? cardHeading);
  const [local, setLocal] = useState<SortState | undefined>(initialSort);
  const active = sort ?? local;
  const controlled = sort !== undefined;
  const sortable = columns.some((c) => c.sortValue);

  const groups = useMemo(() => {
    const order = (rows: readonly T[]) => (controlled ? rows : sortRows(rows, columns, active));
    return props.groups
      ? props.groups.map((g) => ({ ...g, rows: order(g.rows) }))
      : [{ key: '', header: null, rows: order(props.rows), attrs: undefined }];
  }, [props.groups, props.rows, columns, active, controlled]);

  const click = (c: DataColumn<T>) => {
    const key = c.key;
    const next: SortState =
      active?.key === key ? { key, order: active.order === 'desc' ? 'asc' : 'desc' } : { key, order: c.firstOrder ?? 'desc' };
    onSort?.(next);
    if (!controlled) setLocal(next);
  };

  const classes = [
    'data-table',
    `data-table--${layout}`,
    sortable ? 'data-table--sortable' : '',
    props.groups ? 'data-table--grouped' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  let index = 0;
  return (
    <div className={`table-wrap table-wrap--${layout}`} role="group" aria-labelledby={nameId} tabIndex={0}>
      <table role="table" className={classes} aria-labelledby={caption ? undefined : nameId}>
        {caption ? (
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
        ) : null}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c, i) => {
              const on = active?.key === c.key ? active.order : undefined;
              const ariaSort = on === 'asc' ? 'ascending' : on === 'desc' ? 'descending' : c.sortValue ? 'none' : undefined;
              return (
                <th
                  key={c.key}
                  role="columnheader"
                  scope="col"
                  aria-sort={ariaSort}
                  aria-hidden={c.decorative || undefined}
                  className={cellClass(c, i)}
                  data-column={c.key}
                >
                  {c.sortValue ? (
                    <button type="button" className="data-table__sort" onClick={() => click(c)}>
                      {c.header}
                      {/* The order is announced by aria-sort on the header. */}
                      {on === 'asc' ? <UpOutline aria-hidden="true" /> : on === 'desc' ? <DownOutline aria-hidden="true" /> : null}
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {groups.map((g) => (
          <tbody key={g.key} role="rowgroup" {...g.attrs}>
            {g.header !== null ? (
              <tr role="row" className="data-table__group">
                <th role="rowheader" scope="rowgroup" colSpan={columns.length}>
                  {g.header}
                </th>
              </tr>
            ) : null}
            {g.rows.map((row) => {
              const i = index++;
              return (
                <tr key={rowKey(row, i)} role="row" {...rowAttrs?.(row)}>
                  {columns.map((c, ci) => (
                    <Cell key={c.key} column={c} index={ci} value={c.cell(row, i)} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        ))}
        {footer?.length ? (
          <tfoot role="rowgroup">
            {footer.map((f) => (
              <tr key={f.key} role="row" {...f.attrs}>
                {columns.map((c, ci) => (
                  <Cell key={c.key} column={c} index={ci} value={f.cells[c.key]} />
                ))}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
