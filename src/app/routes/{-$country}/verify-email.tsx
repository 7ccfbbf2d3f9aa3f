import { createFileRoute } from '@tanstack/react-router';
import { forwardToUserPage } from '../../lib/short-address';

/** The short address of /user/verify-email (docs/product.md, Addresses and screens). */
export const Route = createFileRoute('/{-$country}/verify-email')({ beforeLoad: forwardToUserPage('verify-email') });
