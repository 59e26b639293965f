import { Anchor, type AnchorProps, Button, type ButtonProps, Menu, type MenuItemProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

/** Mantine components rendered as router links, with the router's typed `to` and `params`. */
type AnchorAttrs = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

function MantineButtonAnchor(props: ButtonProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" {...props} />;
}

function MantineAnchor(props: AnchorProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor {...props} />;
}

function MantineMenuItemAnchor(props: MenuItemProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Menu.Item component="a" {...props} />;
}

const CreatedButtonLink = createLink(MantineButtonAnchor);
const CreatedAnchorLink = createLink(MantineAnchor);
const CreatedMenuItemLink = createLink(MantineMenuItemAnchor);

export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => <CreatedButtonLink {...props} />;
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;
export const MenuItemLink: LinkComponent<typeof MantineMenuItemAnchor> = (props) => <CreatedMenuItemLink {...props} />;
