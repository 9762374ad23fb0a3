import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

// Only forms with an HTML field fetch the editor (TipTap and ProseMirror are most of its weight).
const HtmlEditor = lazy(() => import('./HtmlEditor'));

interface Props {
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  label?: string;
}

/** Receives value/onChange from Form.Item (which cannot see through Suspense) and hands them on. */
export function LazyHtmlEditor(props: Props) {
  return (
    <Suspense
      fallback={
        <Spin tip="Chargement de l'éditeur..." size="small">
          <div style={{ height: 120 }} />
        </Spin>
      }
    >
      <HtmlEditor {...props} />
    </Suspense>
  );
}
