import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

/** Mantine components rendered as router links, with the router's typed `to` and `params`. */
export type AnchorAttrs = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

function MantineButtonAnchor(props: ButtonProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Button component="a" {...props} />;
}

function MantineAnchor(props: AnchorProps & AnchorAttrs & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor {...props} />;
}

const CreatedButtonLink = /* @__PURE__ */ createLink(MantineButtonAnchor);
const CreatedAnchorLink = /* @__PURE__ */ createLink(MantineAnchor);

export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => <CreatedButtonLink {...props} />;
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;
