import { describe, expect, it } from 'vitest';
import { sameUrl } from './read.ts';

describe('sameUrl', () => {
  const sent = 'https://hooks.example.com/in/Z%C3%BCrich?token=a%2Fb&v=2#top';

  it('holds for the URL in its equivalent spellings', () => {
    for (const read of [
      sent,
      'HTTPS://Hooks.Example.COM:443/in/Z%c3%bcrich?token=a%2fb&v=2#top',
      'https://hooks.example.com/in/Zürich?token=a%2Fb&v=2#top',
      'https://hooks.example.com/%69n/Z%C3%BCrich?token=a%2Fb&%76=2',
    ]) {
      expect(sameUrl(sent, read), read).toBe(true);
    }
    expect(sameUrl('https://hooks.example.com', 'https://hooks.example.com/')).toBe(true);
  });

  it('fails a URL whose path, port, query string or fragment changed, and what is not a URL', () => {
    for (const read of [
      'https://hooks.example.com/in/Z%C3%BCrich#top',
      'https://hooks.example.com/in/Z%C3%BCrich?token=a/b&v=2#top',
      'https://hooks.example.com/in/Z%C3%BCrich?v=2&token=a%2Fb',
      'https://hooks.example.com:8443/in/Z%C3%BCrich?token=a%2Fb&v=2#top',
      'https://hooks.example.com/in/Zurich?token=a%2Fb&v=2#top',
      'https://hooks.example.com/in/Z%C3%BCrich?token=a%2Fb&v=2#other',
      null,
      'not a url',
    ]) {
      expect(sameUrl(sent, read), String(read)).toBe(false);
    }
  });
});
