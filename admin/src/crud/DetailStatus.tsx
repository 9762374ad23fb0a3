import { LinkButton } from './LinkButton';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';

/** The way back from a record's screen to its list. */
export function BackButton({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <LinkButton to={to} className={className} icon={<ArrowLeftOutlined />}>
      {label}
    </LinkButton>
  );
}

/** A record's screen before its record is there: loading, or gone (with the way back). */
export function DetailStatus({ loading, title, subTitle, back }: { loading: boolean; title: string; subTitle?: string; back: ReactNode }) {
  if (loading)
    return (
      <Spin tip="Chargement...">
        <div style={{ height: 200 }} />
      </Spin>
    );
  return <Result status="404" title={title} subTitle={subTitle} extra={back} />;
}
