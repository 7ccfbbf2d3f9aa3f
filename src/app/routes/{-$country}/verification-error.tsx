import { createFileRoute } from '@tanstack/react-router';
import { forwardToUserPage } from '../../lib/short-address';

/** The short address of /user/verification-error (docs/product.md, Addresses and screens). */
export const Route = createFileRoute('/{-$country}/verification-error')({ beforeLoad: forwardToUserPage('verification-error') });
