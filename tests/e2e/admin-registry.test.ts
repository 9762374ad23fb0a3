import { adminPath, defineResource, f, resources } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { missingDetailScreens } from '../../admin/src/crud/overrides';
import { adminEntries, refineResources } from '../../admin/src/crud/registry';
import { overrides } from '../../admin/src/resources';
import { listInput } from '../../admin/src/providers/data-provider';
import { translate, registerResourceLabels } from '../../admin/src/providers/i18n-provider';

// The promise to developers: a resource added to the registry gets its menu entry and screens
// with no admin code. The screens are generic, so what must hold is that the registry alone
// decides the menu and the routes.
const gadgets = defineResource({
  name: 'gadgets',
  label: { singular: 'Gadget', plural: 'Gadgets' },
  titleField: 'name',
  read: 'admin',
  fields: { name: f.text('Nom'), price: f.money('Prix'), kind: f.enum('Sorte', { small: 'Petit', big: 'Grand' }) },
  list: {
    columns: ['name', 'price'],
    search: ['name'],
    filters: ['kind'],
    sortable: ['name'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  // Route and menu entry by default: 'gadgets' and the plural label.
  admin: { icon: 'book' },
});

describe('admin screens derived from the registry', () => {
  it('the real registry gives the spec menu, in order, with its routes', () => {
    const entries = adminEntries(resources);
    // The spec's menu is pinned in tests/unit/resources.test.ts; here, the entries follow the registry.
    expect(entries.map((e) => e.menuLabel)).toEqual(resources.map((r) => r.admin.menuLabel));
    const byName = Object.fromEntries(entries.map((e) => [e.name, e.paths]));
    expect(byName.products).toEqual({ list: '/products', create: '/products/add', edit: '/products/edit/:id' });
    expect(byName.blogPosts).toMatchObject({ list: '/blog', create: '/blog/add', edit: '/blog/edit/:id' });
    expect(byName.cryptoVerifications).toMatchObject({ list: '/verification', show: '/verifications/:id' });
    expect(byName.orders).toEqual({ list: '/orders', show: '/orders/:id' });
    expect(byName.settings).toEqual({ list: '/settings' });
  });

  it('a new resource appears in the menu at its place in the registry, with list, add and edit routes', () => {
    const at = resources.findIndex((r) => r.name === 'orders') + 1;
    const [head, tail] = [resources.slice(0, at), resources.slice(at)];
    const entries = adminEntries([...head, gadgets, ...tail]);
    const labels = entries.map((e) => e.menuLabel);
    expect(labels.indexOf('Gadgets')).toBe(labels.indexOf('Commandes') + 1);
    expect(entries.find((e) => e.name === 'gadgets')!.paths).toEqual({
      list: '/gadgets',
      create: '/gadgets/add',
      edit: '/gadgets/edit/:id',
    });
    expect(refineResources(entries).find((r) => r.name === 'gadgets')).toMatchObject({ list: '/gadgets', meta: { label: 'Gadgets' } });
    expect(entries.find((e) => e.name === 'gadgets')!.icon).toBe('book');
    // The links the server writes come from the same declaration.
    expect(adminPath(gadgets, 'g1')).toBe('/admin/gadgets/edit/g1');
    expect(adminPath(gadgets)).toBe('/admin/gadgets');
    const withScreen = defineResource({ ...gadgets, admin: { detail: 'gadget' } });
    expect(adminEntries([withScreen])[0]!.paths).toEqual({ list: '/gadgets', create: '/gadgets/add', show: '/gadget/:id' });
    expect(adminPath(withScreen, 'g1')).toBe('/admin/gadget/g1');
  });

  it('has a component for every detail screen a declaration asks for', () => {
    expect(missingDetailScreens(adminEntries(resources), overrides)).toEqual([]);
    const withScreen = defineResource({ ...gadgets, admin: { detail: 'gadget' } });
    expect(missingDetailScreens(adminEntries([...resources, withScreen]), overrides)).toEqual(['gadgets']);
  });

  it('its list query and its notifications need nothing more', () => {
    expect(
      listInput({
        pagination: { currentPage: 2, pageSize: 20 },
        sorters: [{ field: 'name', order: 'asc' }],
        filters: [
          { field: 'search', operator: 'contains', value: ' lampe ' },
          { field: 'kind', operator: 'eq', value: 'small' },
          { field: 'other', operator: 'eq', value: undefined },
        ],
      }),
    ).toEqual({ page: 2, pageSize: 20, sort: 'name', order: 'asc', search: 'lampe', filters: { kind: 'small' } });
    registerResourceLabels([...resources, gadgets]);
    const resource = translate('gadgets.gadgets');
    expect(translate('notifications.createSuccess', { resource })).toBe('Gadget ajouté');
    const demande = translate('cryptoVerifications.cryptoVerifications');
    expect(translate('notifications.editSuccess', { resource: demande })).toBe('Demande mise à jour');
    expect(translate('notifications.deleteSuccess', { resource: demande })).toBe('Demande supprimée');
  });
});
