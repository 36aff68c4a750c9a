import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { parseSmtpUrl } from './smtp-transport.ts';

describe('SMTP_URL', () => {
  it('takes smtp:// (STARTTLS) and smtps:// (TLS) addresses, and nothing when unset', () => {
    expect(parseSmtpUrl('smtp://shop:pw@mail.example.com:587')).toBe('smtp://shop:pw@mail.example.com:587');
    expect(parseSmtpUrl(' smtps://shop:pw@mail.example.com ')).toBe('smtps://shop:pw@mail.example.com');
    expect(parseSmtpUrl('')).toBeUndefined();
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });

  it('stops the start on anything else, without repeating the password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://shop:pw-secret@mail.example.com' })).toThrow('SMTP_URL: http: is no SMTP scheme');
    expect(() => parseSmtpUrl('mail.example.com:587')).toThrow('SMTP_URL');
    expect(() => parseSmtpUrl('not a url')).toThrow('SMTP_URL: not a URL');
    let message = '';
    try {
      parseSmtpUrl('ftp://shop:pw-secret@mail.example.com');
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('SMTP_URL: ftp: is no SMTP scheme');
    expect(message).not.toContain('pw-secret');
  });
});
