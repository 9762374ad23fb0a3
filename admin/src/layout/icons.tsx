import {
  AppstoreOutlined,
  BookOutlined,
  CarOutlined,
  DashboardOutlined,
  InboxOutlined,
  MailOutlined,
  MessageOutlined,
  ReadOutlined,
  RiseOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// Names used by `resource.admin.icon`; an unknown or missing name gets a neutral icon.
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  shopping: <ShoppingOutlined />,
  read: <ReadOutlined />,
  rise: <RiseOutlined />,
  safety: <SafetyOutlined />,
  car: <CarOutlined />,
  tool: <ToolOutlined />,
  message: <MessageOutlined />,
  book: <BookOutlined />,
  'shopping-cart': <ShoppingCartOutlined />,
  mail: <MailOutlined />,
  inbox: <InboxOutlined />,
  setting: <SettingOutlined />,
};

export const iconFor = (name: string | undefined) => (name && ICONS[name]) || <AppstoreOutlined />;
