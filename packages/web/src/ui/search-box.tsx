import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useState } from 'react';

/** Spec: list searches are sent 1 second after the user stops typing. */
const SEARCH_DEBOUNCE_MS = 1000;

interface SearchBoxProps {
  /** The search the list currently shows (from the URL). */
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}

/** A search input that commits after a pause in typing, or at once on Enter. */
export function SearchBox({ value, onSearch, placeholder = 'Search' }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // Back/Forward can change the committed search; show it instead of what was typed before.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <Input
      allowClear
      value={text}
      prefix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
      placeholder={placeholder}
      aria-label="Search"
      onChange={(event) => setText(event.target.value)}
      onPressEnter={() => onSearch(text.trim())}
      style={{ maxWidth: 320 }}
    />
  );
}
