import { Flex, Progress, Typography } from 'antd';

/** How strong a password looks: length and the kinds of characters it mixes (0 to 4). */
export function passwordScore(password: string): number {
  if (!password) return 0;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const score = (password.length >= 8 ? 1 : 0) + (password.length >= 10 ? 1 : 0) + Math.max(0, kinds - 1);
  // Shorter than the rule's 8 characters is weak whatever it mixes.
  return password.length < 8 ? Math.min(1, score) : Math.min(4, score);
}

const LEVELS = [
  { label: 'Too weak', color: '#ff4d4f' },
  { label: 'Weak', color: '#ff7a45' },
  { label: 'Fair', color: '#faad14' },
  { label: 'Good', color: '#73d13d' },
  { label: 'Strong', color: '#389e0d' },
] as const;

/** The strength indicator under a new customer's password (document 2 §5). */
export function PasswordStrength({ password }: { password: string | undefined }) {
  const score = passwordScore(password ?? '');
  const level = LEVELS[score]!;
  return (
    <Flex align="center" gap={8} data-testid="password-strength" style={{ maxWidth: 320 }}>
      <Progress percent={password ? (score + 1) * 20 : 0} steps={5} showInfo={false} strokeColor={level.color} size="small" aria-label="Password strength" />
      <Typography.Text type="secondary">{password ? level.label : ''}</Typography.Text>
    </Flex>
  );
}
