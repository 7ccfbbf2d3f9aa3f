import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '#domain/schemas/user';
import { SignOutButton } from './sign-out-button';
import { useCountryParam } from '../lib/use-country';

/** A disclosure (button + list of links) rather than an ARIA menu: it behaves like the rest of the navigation. */
export function UserMenu({ user }: { user: User | undefined }) {
  const { t } = useLingui();
  const country = useCountryParam();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = user?.name;
  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {name ? t`My account (${name})` : t`My account`}
      </button>
      {/* One entry per page, named for what it holds: the account page is the money, the profile the person. */}
      <ul id={listId} className="user-menu__list" hidden={!open}>
        <li>
          <Link to="/{-$country}/user/account" params={{ country }} onClick={() => setOpen(false)}>
            {t`Balance and history`}
          </Link>
        </li>
        <li>
          <Link to="/{-$country}/user/scan" params={{ country }} onClick={() => setOpen(false)}>
            {t`Scan containers`}
          </Link>
        </li>
        <li>
          <Link to="/{-$country}/user/news" params={{ country }} onClick={() => setOpen(false)}>
            {t`News`}
          </Link>
        </li>
        <li>
          <Link to="/{-$country}/user/profile" params={{ country }} onClick={() => setOpen(false)}>
            {t`My details and password`}
          </Link>
        </li>
        <li>
          <SignOutButton />
        </li>
      </ul>
    </div>
  );
}
