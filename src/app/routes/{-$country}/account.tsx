import { createFileRoute } from '@tanstack/react-router';
import { forwardToUserPage } from '../../lib/short-address';

/** The short address of /user/account (docs/product.md, Addresses and screens). */
export const Route = createFileRoute('/{-$country}/account')({ beforeLoad: forwardToUserPage('account') });
