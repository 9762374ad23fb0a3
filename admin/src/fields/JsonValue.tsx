interface Props {
  value?: unknown;
}

/** Structured data written by the server (order lines...): shown, never edited. */
export function JsonValue({ value }: Props) {
  if (value === null || value === undefined) return <span>—</span>;
  return (
    <pre
      style={{
        margin: 0,
        padding: 8,
        background: '#fafafa',
        borderRadius: 6,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontSize: 12,
      }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
