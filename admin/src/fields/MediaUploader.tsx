import { InboxOutlined } from '@ant-design/icons';
import { Alert, Upload, type UploadFile } from 'antd';
import { useState } from 'react';

interface Uploaded {
  url: string;
}

/**
 * Photos from the phone (camera or gallery: `accept="image/*"` lets Android offer both) or
 * dragged from a desk, sent one by one to /api/media with a progress bar each. A refused file
 * says why, in French, under its name; the others go on.
 */
export function MediaUploader({
  multiple = false,
  onUploaded,
  label,
}: {
  multiple?: boolean;
  onUploaded: (url: string) => void;
  label: string;
}) {
  const [files, setFiles] = useState<UploadFile<Uploaded>[]>([]);
  const [errors, setErrors] = useState<{ uid: string; name: string; message: string }[]>([]);
  return (
    <div style={{ marginTop: 8 }}>
      <Upload.Dragger
        name="file"
        action="/api/media"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/*"
        multiple={multiple}
        fileList={files}
        aria-label={`Envoyer ${multiple ? 'des photos' : 'une photo'} : ${label}`}
        onChange={({ file, fileList }) => {
          if (file.status === 'done' && file.response) {
            onUploaded(file.response.url);
            setFiles(fileList.filter((f) => f.uid !== file.uid));
            return;
          }
          if (file.status === 'error') {
            const body = file.response as unknown as { error?: { message?: string } } | undefined;
            const message = body?.error?.message ?? 'Envoi impossible : vérifiez la connexion et réessayez.';
            setErrors((current) => [...current.filter((e) => e.uid !== file.uid), { uid: file.uid, name: file.name, message }]);
            setFiles(fileList.filter((f) => f.uid !== file.uid));
            return;
          }
          setFiles(fileList);
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{multiple ? 'Prendre ou choisir des photos' : 'Prendre ou choisir une photo'}</p>
        <p className="ant-upload-hint">ou les glisser ici · JPEG, PNG, WebP, AVIF ou GIF, 10 Mo au maximum</p>
      </Upload.Dragger>
      {errors.map((error) => (
        <Alert
          key={error.uid}
          type="error"
          showIcon
          closable
          onClose={() => setErrors((current) => current.filter((e) => e.uid !== error.uid))}
          style={{ marginTop: 8 }}
          message={`${error.name} : ${error.message}`}
        />
      ))}
    </div>
  );
}
