import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** The screen's one level-one heading, at the size the screens had (antd's level 3). */
export function PageTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Typography.Title level={1} style={{ fontSize: 24, lineHeight: 1.35, margin: 0, whiteSpace: 'normal', ...style }}>
      {children}
    </Typography.Title>
  );
}
