import { may, type Roles } from '@app/shared/team';
import { useMe } from '../providers/me';

/** Whether the signed-in person's role is among these (a hidden button is never a permission: the server checks too). */
export function useMay(roles: Roles) {
  const { data } = useMe();
  return may(data?.role, roles);
}
