/** /widgets/pages: the placeholder the spec describes (document 3 §2.1), showing only the word pages. */
export default function WidgetPagesPage() {
  return <h1 style={{ fontSize: 16, fontWeight: 'normal', margin: 0 }}>pages</h1>;
}
