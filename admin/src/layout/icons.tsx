import {
  AppstoreOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  InboxOutlined,
  MailOutlined,
  MessageOutlined,
  ReadOutlined,
  RiseOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagOutlined,
  TeamOutlined,
  ToolOutlined,
  WalletOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import type { AdminIcon } from '@app/shared/resources';
import type { ReactNode } from 'react';

// Every name a resource may declare (ADMIN_ICONS); a resource without one gets a neutral icon.
const ICONS: Record<AdminIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  shopping: <ShoppingOutlined />,
  read: <ReadOutlined />,
  rise: <RiseOutlined />,
  safety: <SafetyOutlined />,
  car: <CarOutlined />,
  tool: <ToolOutlined />,
  message: <MessageOutlined />,
  book: <BookOutlined />,
  calendar: <CalendarOutlined />,
  'shopping-cart': <ShoppingCartOutlined />,
  team: <TeamOutlined />,
  tag: <TagOutlined />,
  mail: <MailOutlined />,
  inbox: <InboxOutlined />,
  send: <SendOutlined />,
  setting: <SettingOutlined />,
  wallet: <WalletOutlined />,
  shop: <ShopOutlined />,
  audit: <FileSearchOutlined />,
  whatsapp: <WhatsAppOutlined />,
};

export const iconFor = (name: AdminIcon | undefined) => (name ? ICONS[name] : <AppstoreOutlined />);
