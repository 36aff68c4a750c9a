import type { ThemeConfig } from 'antd';

/** One look for the whole back office: calm neutrals with the brand's teal. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorLink: '#0f766e',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f4f6f8', footerBg: 'transparent', headerPadding: '0 24px' },
    Menu: {
      itemBorderRadius: 6,
      subMenuItemBorderRadius: 6,
      itemMarginInline: 8,
      itemSelectedBg: '#e3f2ef',
      itemSelectedColor: '#0f766e',
      itemHoverBg: '#f1f5f4',
      subMenuItemBg: 'transparent',
    },
    Table: { headerBg: '#f8fafb' },
  },
};
