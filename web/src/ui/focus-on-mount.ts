/**
 * A ref callback that gives the element the focus as it appears: the first field of a form or step the
 * member has just opened, when what they pressed to open it is gone or far away. It does what React's
 * autoFocus does; jsx-a11y forbids that attribute because on page load a moved focus confuses screen
 * reader users, so keep this to what appears in answer to the member.
 */
export function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}
