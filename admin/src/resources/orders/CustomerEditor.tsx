import { orders, type RowOfResource } from '@app/shared/resources';
import { useUpdate } from '@refinedev/core';
import { Form, Modal } from 'antd';
import { FieldItem } from '../../fields/FieldItem';
import { AREAS } from '@app/shared/team';
import { useMay } from '../../crud/useMay';

type Order = RowOfResource<typeof orders>;

const EDITABLE = ['customerName', 'phone', 'email', 'city', 'address', 'note'] as const;
/** They say whose order it is: only the roles of AREAS.customerContacts change them. */
const CONTACTS: readonly string[] = ['phone', 'email'];

/** The customer's details, with the widgets and rules of the orders declaration; each change lands in the history. */
export function CustomerEditor({
  order,
  open,
  onClose,
  onSaved,
}: {
  order: Order;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const mayContacts = useMay(AREAS.customerContacts);
  const editable = EDITABLE.filter((k) => mayContacts || !CONTACTS.includes(k));
  const { mutate, mutation } = useUpdate();
  const save = (values: Record<string, unknown>) =>
    mutate(
      { resource: orders.name, id: order.id, values },
      {
        onSuccess: () => {
          onSaved();
          onClose();
        },
      },
    );
  return (
    <Modal
      title="Coordonnées du client"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={mutation.isPending ? 'Envoi en cours...' : 'Enregistrer'}
      cancelText="Annuler"
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={Object.fromEntries(editable.map((k) => [k, order[k] ?? undefined]))}
        onFinish={save}
      >
        {editable.map((name) => (
          <FieldItem key={name} name={name} field={orders.fields[name]} action="edit" />
        ))}
      </Form>
    </Modal>
  );
}
