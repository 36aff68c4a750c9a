import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { onSessionLost } from './api/client.ts';
import { queryClient } from './api/query-client.ts';
import { enforceAppVersion } from './app-config.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

// Any 401 means the server no longer knows us: forget the session and sign in again.
onSessionLost(() => {
  if (router.state.location.pathname === '/login') return;
  void router.navigate('/login', { replace: true }).then(() => queryClient.clear());
});

void enforceAppVersion();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <ConfigProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
