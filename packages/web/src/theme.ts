import type { ThemeConfig } from 'antd';

/**
 * The faintest text the back office shows (descriptions, hints, placeholders, the footer): black at
 * 58% reads at 5:1 or more on every background of the theme (white, the page's #f4f6f8, the menu's
 * #e3f2ef), above WCAG AA's 4.5:1 for body text. antd's own 45% reads at 3.3:1. styles.css repeats
 * it as --facet-text-faint for the few hand-written styles.
 */
const FAINT_TEXT = 'rgba(0, 0, 0, 0.58)';

/**
 * Tags write a preset colour's shade 7 on its shade 1; for these colours that is under 4.5:1, so
 * their text takes the first darker shade of antd's palette that reaches it (green 3.4:1 -> 5.4:1).
 */
const READABLE_TAG_TEXT = {
  green7: '#237804',
  cyan7: '#006d75',
  lime7: '#3f6600',
  gold7: '#874d00',
  yellow7: '#876800',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
};

/**
 * One look for the whole back office: calm neutrals with the brand's teal. Every text and its
 * background meet WCAG AA contrast (the browser journeys check each screen with axe): antd's
 * defaults are darkened only where they fall short.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorLink: '#0f766e',
    // A link under the pointer (the Download link that appears where a dialog's Yes was clicked):
    // antd lightens it to #408f83, 3.8:1 on white; it darkens instead (7.6:1).
    colorLinkHover: '#115e59',
    colorLinkActive: '#115e59',
    // antd's #ff4d4f reads at 3.3:1 on white (danger buttons, form messages) and carries white text as badly.
    colorError: '#cf1322',
    // Text in a status colour (Typography's warning and success, form hints): antd writes the status
    // colour itself, amber #faad14 at 1.9:1 and green #52c41a at 2.3:1 on white; these are its palette's
    // first shades over 4.5:1 (6.8:1 and 5.6:1). Icons and borders keep the bright colours.
    colorWarningText: READABLE_TAG_TEXT.gold7,
    colorSuccessText: READABLE_TAG_TEXT.green7,
    colorTextTertiary: FAINT_TEXT,
    colorTextPlaceholder: FAINT_TEXT,
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
    // Ticked rows (a bulk action's selection): the menu's light teal; antd's shade of this primary is a heavy grey.
    Table: { headerBg: '#f8fafb', rowSelectedBg: '#e3f2ef', rowSelectedHoverBg: '#d4ebe6' },
    Tag: {
      ...READABLE_TAG_TEXT,
      // Status tags (success, processing, warning, error) write the status colour on its light background.
      colorSuccess: READABLE_TAG_TEXT.green7,
      colorInfo: '#0958d9',
      colorWarning: READABLE_TAG_TEXT.gold7,
    },
    // An off switch writes its white label ("Inactive") on its track: antd's light grey reads at 1.8:1.
    Switch: { colorTextQuaternary: FAINT_TEXT, colorTextTertiary: 'rgba(0, 0, 0, 0.7)' },
    // A dragger that waits for something says what in its text (product media: "Enter a valid model number").
    Upload: { colorTextDisabled: FAINT_TEXT },
  },
};
