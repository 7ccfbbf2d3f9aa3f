import { createFileRoute } from '@tanstack/react-router';
import { forwardToUserPage } from '../../lib/short-address';

/** The short address of /user/withdraw (docs/product.md, Addresses and screens). */
export const Route = createFileRoute('/{-$country}/withdraw')({ beforeLoad: forwardToUserPage('withdraw') });
