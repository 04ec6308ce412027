import { type ComponentType, useEffect, useState } from "react";
import { Form } from "react-router";
import { AccountMenuTrigger, type AccountSummary } from "./account-links";

const SIGN_OUT_FORM = "sign-out-form";

export function SignOutForm() {
  return <Form id={SIGN_OUT_FORM} method="post" action="/auth/sign-out" className="hidden" />;
}

type AccountMenuProps = { user: AccountSummary; onOpenConsole: () => void };
type Dropdown = ComponentType<AccountMenuProps & { defaultOpen?: boolean }>;

// The menu's code (a dropdown with its focus and dismiss handling) is its own chunk: guests never
// fetch it, and signed-in readers fetch it right after the page hydrates.
let dropdown: Promise<Dropdown> | undefined;
const loadDropdown = () => {
  dropdown ??= import("./account-dropdown").then((module) => module.AccountDropdown);
  return dropdown;
};

/**
 * The account menu. Until its chunk has arrived (and on the server) it renders the same trigger;
 * a click that comes before the chunk opens the menu as soon as it is there.
 */
export function AccountMenu(props: AccountMenuProps) {
  const [Loaded, setLoaded] = useState<{ Dropdown: Dropdown } | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  useEffect(() => {
    let active = true;
    loadDropdown().then(
      (Dropdown) => active && setLoaded({ Dropdown }),
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  if (Loaded) return <Loaded.Dropdown {...props} defaultOpen={openOnLoad} />;
  return (
    <AccountMenuTrigger
      user={props.user}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setOpenOnLoad(true)}
    />
  );
}
