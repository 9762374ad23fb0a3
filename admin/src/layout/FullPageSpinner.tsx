import { Spin } from 'antd';

/** While the session is being checked or a screen is loading. */
export function FullPageSpinner() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} role="status" aria-live="polite">
      <Spin size="large" tip="Chargement...">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
