import { describe, expect, it } from 'vitest';
import { fillTemplate, htmlToText, MAIL_TEMPLATE_KINDS, MAIL_TEMPLATES, unknownPlaceholders } from './mail-template.schema.ts';

describe('mail templates: filling in', () => {
  it('escapes values in the text and keeps their line breaks; a value cannot become markup', () => {
    const filled = fillTemplate({ subject: 'Hi {{ customerName }}', body: '<p>Dear {{customerName}},</p><p>{{message}}</p>' }, { customerName: `<b>O'Brien</b> & Sons`, message: 'line one\n<script>x</script>' });
    expect(filled.subject).toBe(`Hi <b>O'Brien</b> & Sons`);
    expect(filled.bodyHtml).toBe('<p>Dear &lt;b&gt;O&apos;Brien&lt;/b&gt; &amp; Sons,</p><p>line one<br>&lt;script&gt;x&lt;/script&gt;</p>');
    expect(filled.text).toBe(`Dear <b>O'Brien</b> & Sons,\n\nline one\n<script>x</script>\n`);
  });

  it('URL-encodes a value inside a tag, so it cannot make a link javascript: or leave the attribute', () => {
    const filled = fillTemplate({ subject: 's', body: '<p><a href="{{customerName}}">Track</a> <a href="https://shop.example/t?n={{orderNumber}}">{{orderNumber}}</a></p>' }, { customerName: 'javascript:alert(1)" onclick="x', orderNumber: '100 23' });
    expect(filled.bodyHtml).toContain('href="javascript%3Aalert(1)%22%20onclick%3D%22x"');
    expect(filled.bodyHtml).toContain('href="https://shop.example/t?n=100%2023">100 23</a>');
    expect(filled.text).toContain('Track (javascript%3Aalert(1)%22%20onclick%3D%22x)');
  });

  it('leaves out a line whose placeholders are all empty, with its line break, and keeps lines without placeholders', () => {
    const body = '<p>Intro</p><p>{{comment}}</p><p><strong>Method:</strong> {{shippingMethod}}<br><strong>Tracking:</strong> {{trackingNumber}}</p><p></p>';
    const empty = fillTemplate({ subject: 's', body }, { comment: '', shippingMethod: ' ', trackingNumber: 'RM1' });
    expect(empty.bodyHtml).toBe('<p>Intro</p><p><strong>Tracking:</strong> RM1</p><p></p>');
    expect(empty.text).toBe('Intro\n\nTracking: RM1\n');
    const full = fillTemplate({ subject: 's', body }, { comment: 'Gift wrapped', shippingMethod: 'Royal Mail', trackingNumber: 'RM1' });
    expect(full.text).toBe('Intro\n\nGift wrapped\n\nMethod: Royal Mail\nTracking: RM1\n');
  });

  it('reads HTML as text: lists as dashes, entities decoded, spaces collapsed', () => {
    expect(htmlToText('<h2>Title</h2><ul><li>One</li><li>Two &amp; three</li></ul><p>a&nbsp;b   c</p>')).toBe('Title\n\n- One\n- Two & three\n\na b c\n');
  });

  it('built-in templates use only the placeholders their e-mail offers', () => {
    for (const kind of MAIL_TEMPLATE_KINDS) {
      expect(unknownPlaceholders(kind, MAIL_TEMPLATES[kind].subject + MAIL_TEMPLATES[kind].body), kind).toEqual([]);
    }
    expect(unknownPlaceholders('order-status-changed', '{{trackingNumber}} {{ status }} {{}}')).toEqual(['trackingNumber', '']);
  });
});
