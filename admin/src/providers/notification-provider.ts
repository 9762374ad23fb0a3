import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * Refine notifications through antd's App context (fr_FR theme, top right). Written here rather
 * than taken from @refinedev/antd, whose entry point would pull its whole kit into the login page.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) =>
      notification.open({
        key,
        message,
        description,
        type: type === 'progress' ? 'info' : type,
        role: type === 'error' ? 'alert' : 'status',
      }),
    close: (key) => notification.destroy(key),
  };
}
