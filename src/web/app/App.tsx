import './styles';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Suspense } from 'react';
import { AuthCheck, StartupSpinner } from './guards';
import { queryClient } from './queryClient';
import { routes } from './routes';
import { theme } from './theme';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AuthCheck>
          <Suspense fallback={<StartupSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
        </AuthCheck>
      </QueryClientProvider>
    </MantineProvider>
  );
}
