import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, secureSession, secureWebContents } from './security';

vi.mock('electron', () => ({}));

type Listener = (...args: unknown[]) => unknown;

function fakeSession() {
  const handlers: Record<string, Listener> = {};
  const session = {
    webRequest: { onHeadersReceived: (listener: Listener) => (handlers.headers = listener) },
    setPermissionRequestHandler: (listener: Listener) => (handlers.request = listener),
    setPermissionCheckHandler: (listener: Listener) => (handlers.check = listener),
  };
  return { session: session as unknown as Session, handlers };
}

function fakeContents() {
  const listeners: Record<string, Listener> = {};
  let openHandler: Listener = () => undefined;
  const contents = {
    on: (event: string, listener: Listener) => (listeners[event] = listener),
    setWindowOpenHandler: (handler: Listener) => (openHandler = handler),
  };
  return {
    contents: contents as unknown as WebContents,
    listeners,
    open: (url: string) => openHandler({ url }),
  };
}

describe('session security', () => {
  it('adds a strict Content-Security-Policy header to every response', () => {
    const { session, handlers } = fakeSession();
    secureSession(session);

    const callback = vi.fn();
    handlers.headers?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, callback);

    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy] },
    });
    expect(contentSecurityPolicy).toContain("default-src 'none'");
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).toContain("connect-src 'none'");
    expect(contentSecurityPolicy).not.toContain('unsafe');
  });

  it('refuses every permission request and check', () => {
    const { session, handlers } = fakeSession();
    secureSession(session);

    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      const callback = vi.fn();
      handlers.request?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(handlers.check?.({}, permission)).toBe(false);
    }
  });
});

describe('web contents security', () => {
  it('prevents navigation, redirects and webviews', () => {
    const { contents, listeners } = fakeContents();
    secureWebContents(contents);

    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      listeners[event]?.({ preventDefault }, 'https://example.com/');
      expect(preventDefault, event).toHaveBeenCalledOnce();
    }
  });

  it('denies every new window', () => {
    const { contents, open } = fakeContents();
    secureWebContents(contents);

    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
  });
});
