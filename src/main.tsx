import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { cspNonce } from './cspNonce';

// The styles MUI adds at run time (emotion's <style> elements) carry the nonce the page's Content-Security-Policy allows.
const styleCache = createCache({ key: 'css', nonce: cspNonce() });

// A service worker left by an older deployment would serve stale files: unregister it.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.getRegistrations().then((registrations) => registrations.forEach((r) => r.unregister())).catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CacheProvider value={styleCache}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </CacheProvider>
  </StrictMode>,
);
