/**
 * /user/security and /admin/security: how the person signs in and where they are signed in. One
 * section per feature, each its own module (docs/security.md): the second factor, passkeys and the
 * list of sessions.
 */
export function SecurityPage() {
  return <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">{/* sections */}</div>;
}
