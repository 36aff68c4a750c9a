/**
 * What the full rich-text toolbar (the custom HTML section's Content, `ui/rich-text-editor.tsx` with
 * `toolbar="full"`) writes, one entry per tool, as TipTap serialises it (taken from the editor in
 * Chromium). The `customHtml` cleaning policy must store each unchanged; the standard policy keeps
 * today's rules for every other field.
 */
export const FULL_TOOLBAR_OUTPUTS: readonly { tool: string; html: string }[] = [
  {
    tool: 'styles',
    html: '<h1>Bridal</h1><h2>Engagement rings</h2><h3>Solitaires</h3><h4>Platinum</h4><p>Handmade in London.</p><blockquote><p>The best ring we have seen.</p></blockquote><pre><code>FJ-10023</code></pre>',
  },
  {
    tool: 'fonts',
    html: '<p><span style="font-family: Didot, serif;">Bridal</span> <span style="font-size: 24px;">collection</span> <span style="font-family: Helvetica, Arial, sans-serif; font-size: 14px;">from £950</span></p>',
  },
  {
    tool: 'emphasis',
    html: '<p><strong>Cast</strong>, <em>set</em>, <u>polished</u> and <s>rushed</s> checked.</p>',
  },
  {
    tool: 'lists',
    html: '<ul><li><p>Free insured delivery</p></li></ul><ol><li><p>Choose a setting</p></li><li><p>Choose a diamond</p></li></ol>',
  },
  {
    tool: 'table',
    html:
      '<table style="min-width: 75px;"><colgroup><col style="min-width: 25px;"><col style="min-width: 25px;"><col style="min-width: 25px;"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>Size</p></th><th colspan="1" rowspan="1"><p>Diameter</p></th><th colspan="1" rowspan="1"><p>Circumference</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1"><p>L</p></td><td colspan="1" rowspan="1"><p>16.5 mm</p></td><td colspan="1" rowspan="1"><p></p></td></tr></tbody></table>',
  },
  {
    tool: 'link',
    html: '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://www.facet.co.uk/ring-size-guide">Ring size guide</a></p>',
  },
  {
    tool: 'picture',
    html: '<img src="https://www.facet.co.uk/media/solitaire.jpg" alt="A solitaire ring"><p>Below the picture.</p>',
  },
  {
    tool: 'YouTube video',
    html: '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0" width="640" height="360" allowfullscreen="true" title="YouTube video player"></iframe></div>',
  },
  {
    tool: 'Vimeo video',
    html: '<div data-vimeo-video=""><iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" allowfullscreen="true" title="Vimeo video player"></iframe></div>',
  },
];
