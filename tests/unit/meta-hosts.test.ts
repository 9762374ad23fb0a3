import { describe, expect, it } from 'vitest';
import { fromMeta } from '../../server/src/whatsapp/cloud-api';

// The WhatsApp token is sent with a file's download: only to Meta's servers (or the configured
// Graph API's own host, a stand-in in tests), whatever link Graph's answer holds.
describe('the hosts a customer’s file is fetched from', () => {
  const api = 'https://graph.facebook.com';
  it.each([
    ['https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1', true],
    ['https://scontent.xx.fbcdn.net/v/t1/abc', true],
    ['https://graph.facebook.com/v23.0/123', true],
    ['https://mmg.whatsapp.net/d/f/abc.enc', true],
    ['http://lookaside.fbsbx.com/x', false],
    ['https://fbsbx.com.attacker.example/x', false],
    ['https://attacker-fbsbx.com/x', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['pas une adresse', false],
  ])('%s → %s', (link, allowed) => {
    expect(fromMeta(link, api)).toBe(allowed);
  });
  it('allows the Graph API’s own host when it is a stand-in', () => {
    expect(fromMeta('http://127.0.0.1:4000/files/media.1', 'http://127.0.0.1:4000')).toBe(true);
    expect(fromMeta('http://127.0.0.1:4001/files/media.1', 'http://127.0.0.1:4000')).toBe(false);
  });
});
