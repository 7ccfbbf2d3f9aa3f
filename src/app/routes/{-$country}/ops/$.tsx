import { createFileRoute } from '@tanstack/react-router';
import { ConsoleLayout } from '../../../features/console/console-layout';

/**
 * The operators' console, every page of it (/ops/sign-in, /ops/check-in…): one route whose
 * component picks the page, because each route adds its definition to every customer's first
 * load; the console itself is one chunk that customers never download (vite.config.ts).
 */
export const Route = createFileRoute('/{-$country}/ops/$')({ component: ConsoleLayout });
