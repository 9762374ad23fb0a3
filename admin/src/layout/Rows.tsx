import type { Key, ReactNode } from 'react';

export interface Row {
  key: Key;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the row's right (below it on a narrow phone). */
  actions?: ReactNode[];
}

/**
 * Rows of a title, a line under it and buttons, drawn as antd's List draws them, for the team's
 * screens that must open fast on a phone (the counter, the round): antd's List always carries its
 * pager, and the pager a Select (28 KB compressed together), which these lists never show.
 */
export function Rows({ rows, label }: { rows: readonly Row[]; label?: string }) {
  return (
    <ul className="admin-rows" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key}>
          <div className="admin-rows-text">
            <div className="admin-rows-title">{row.title}</div>
            {row.description !== undefined ? <div className="admin-rows-description">{row.description}</div> : null}
          </div>
          {row.actions?.length ? <div className="admin-rows-actions">{row.actions}</div> : null}
        </li>
      ))}
    </ul>
  );
}
