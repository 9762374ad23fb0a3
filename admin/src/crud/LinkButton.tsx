import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * A link to another screen that looks like a button: one element (a link inside a button was two
 * nested controls, and its link only as tall as its text), a 32 px target, opened in a new tab
 * with the usual keys.
 */
export function LinkButton({ to, ...button }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...button} href={href} onClick={follow} />;
}
