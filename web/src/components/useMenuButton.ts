// Menu button (WAI-ARIA menu button pattern) for the small action menus of the workspace: the button
// carries aria-haspopup/aria-expanded/aria-controls; opening moves focus to the first item (ArrowUp on
// the button: the last); ArrowDown/ArrowUp cycle through the items, Home/End jump to the first/last;
// Escape closes and gives focus back to the button; Tab closes; a press outside the button and the menu
// closes it.
import { useCallback, useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';

const ITEM = '[role="menuitem"]:not([disabled]), [role="menuitemradio"]:not([disabled]), [role="menuitemcheckbox"]:not([disabled])';

export function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>(ITEM)) : [];
}

export interface MenuButton {
  buttonProps: {
    ref: React.RefObject<HTMLButtonElement | null>;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick: () => void;
    onKeyDown: (e: ReactKeyboardEvent<HTMLButtonElement>) => void;
  };
  menuProps: {
    ref: React.RefObject<HTMLDivElement | null>;
    id: string;
    role: 'menu';
    tabIndex: -1;
    onKeyDown: (e: ReactKeyboardEvent<HTMLDivElement>) => void;
  };
}

/**
 * `open` and `setOpen` stay with the caller (a card may hold several menus in one state); the hook adds
 * the keyboard, focus and outside-press behaviour.
 */
export function useMenuButton(open: boolean, setOpen: (open: boolean) => void): MenuButton {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const initial = useRef<'first' | 'last'>('first');
  const setOpenRef = useRef(setOpen);
  setOpenRef.current = setOpen;

  useEffect(() => {
    if (!open) return undefined;
    const items = menuItems(menuRef.current);
    (initial.current === 'last' ? items[items.length - 1] : items[0])?.focus();
    initial.current = 'first';
    const onDown = (e: PointerEvent | MouseEvent) => {
      const t = e.target as Node;
      if (menuRef.current?.contains(t) || buttonRef.current?.contains(t)) return;
      setOpenRef.current(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown as unknown as EventListener);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown as unknown as EventListener);
    };
  }, [open]);

  const onButtonKey = useCallback(
    (e: ReactKeyboardEvent<HTMLButtonElement>) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        if (open) {
          const items = menuItems(menuRef.current);
          (e.key === 'ArrowUp' ? items[items.length - 1] : items[0])?.focus();
        } else {
          initial.current = e.key === 'ArrowUp' ? 'last' : 'first';
          setOpenRef.current(true);
        }
      } else if (e.key === 'Escape' && open) {
        e.preventDefault();
        e.stopPropagation();
        setOpenRef.current(false);
      }
    },
    [open],
  );

  const onMenuKey = useCallback((e: ReactKeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    switch (e.key) {
      case 'ArrowDown':
        next = index < 0 ? 0 : (index + 1) % items.length;
        break;
      case 'ArrowUp':
        next = index < 0 ? items.length - 1 : (index - 1 + items.length) % items.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      case 'Escape':
        // Only the menu closes: a dialog or drawer around it stays open.
        e.preventDefault();
        e.stopPropagation();
        e.nativeEvent.stopImmediatePropagation();
        setOpenRef.current(false);
        buttonRef.current?.focus();
        return;
      case 'Tab':
        setOpenRef.current(false);
        buttonRef.current?.focus();
        return;
      default:
        return;
    }
    e.preventDefault();
    items[next]?.focus();
  }, []);

  return {
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpenRef.current(!open),
      onKeyDown: onButtonKey,
    },
    menuProps: { ref: menuRef, id: menuId, role: 'menu', tabIndex: -1, onKeyDown: onMenuKey },
  };
}
