import { createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppShell } from '../features/shell/app-shell';
import { NotFoundPage } from '../features/shell/not-found-page';
import { ErrorPage } from '../features/shell/error-page';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});
