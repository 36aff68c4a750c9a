import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  GiftOutlined,
  MailOutlined,
  MessageOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SlidersOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

interface MenuSection {
  key: string;
  label: string;
  icon: ReactNode;
  /** A group opens into its pages; any other section is a single link to its page. */
  isGroup?: boolean;
}

/** The sidebar of the spec (document 1 §2, document 3 §2.3), top to bottom. A section shows once one of its pages exists and is permitted. */
export const MENU_SECTIONS = [
  { key: 'dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
  { key: 'sales', label: 'Sales', icon: <ShoppingCartOutlined />, isGroup: true },
  { key: 'products', label: 'Products', icon: <TagsOutlined /> },
  { key: 'diamonds', label: 'Diamonds', icon: <CrownOutlined />, isGroup: true },
  { key: 'categories', label: 'Categories', icon: <ApartmentOutlined /> },
  { key: 'customers', label: 'Customers', icon: <TeamOutlined /> },
  { key: 'contentManagement', label: 'Content Management', icon: <FileTextOutlined /> },
  { key: 'cacheManagement', label: 'Cache Management', icon: <DatabaseOutlined /> },
  { key: 'widgets', label: 'Widgets', icon: <AppstoreOutlined />, isGroup: true },
  { key: 'attribute', label: 'Attribute', icon: <SlidersOutlined />, isGroup: true },
  { key: 'report', label: 'Report', icon: <BarChartOutlined />, isGroup: true },
  { key: 'blog', label: 'Blog', icon: <ReadOutlined />, isGroup: true },
  { key: 'newsletter', label: 'Newsletter', icon: <MailOutlined />, isGroup: true },
  { key: 'contactUs', label: 'Contact Us', icon: <MessageOutlined /> },
  { key: 'marketing', label: 'Marketing', icon: <GiftOutlined />, isGroup: true },
  { key: 'userManagement', label: 'User Management', icon: <SafetyCertificateOutlined />, isGroup: true },
  { key: 'system', label: 'System', icon: <SettingOutlined />, isGroup: true },
] as const satisfies readonly MenuSection[];

export type MenuSectionKey = (typeof MENU_SECTIONS)[number]['key'];
