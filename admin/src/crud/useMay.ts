import { may, type Role, type Roles } from '@app/shared/team';
import { useGetIdentity } from '@refinedev/core';

/** Whether the signed-in person's role is among these (a hidden button is never a permission: the server checks too). */
export function useMay(roles: Roles) {
  const { data } = useGetIdentity<{ role: Role }>();
  return may(data?.role, roles);
}
